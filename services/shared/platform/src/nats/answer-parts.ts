import { headers, type Msg, type MsgHdrs } from '@nats-io/transport-node';

/**
 * A large answer travels as parts of at most ANSWER_PART_BYTES. nats-server takes a message larger
 * than its read buffer (64 KB) at about twice the cost per byte: a reply of 84 KB (a page of 100
 * imported items) cost it 427 µs, the same bytes in three parts 214–223 µs, and it passed 70–90%
 * more such replies a second (docs/architecture.md, "A request"). Every part but the last carries
 * ANSWER_BYTES, the whole answer's size; the last carries the answer's own headers. The caller's
 * MuxedNatsClient joins the parts (AnswerAssembly) before it reads the answer, so the codec and
 * everything after it see one message.
 */
export const ANSWER_PART_BYTES = 32 * 1024;
const ANSWER_BYTES = 'Rpc-Answer-Bytes';
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** Answers `request` with `data`, in parts when it is large (see ANSWER_PART_BYTES). */
export function respondInParts(request: Msg, data: Uint8Array | string, answerHeaders?: MsgHdrs): boolean {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  if (bytes.byteLength > ANSWER_PART_BYTES) {
    const leading = headers();
    leading.set(ANSWER_BYTES, String(bytes.byteLength));
    let start = 0;
    for (; bytes.byteLength - start > ANSWER_PART_BYTES; start += ANSWER_PART_BYTES)
      request.respond(bytes.subarray(start, start + ANSWER_PART_BYTES), { headers: leading });
    return request.respond(bytes.subarray(start), { headers: answerHeaders });
  }
  return request.respond(bytes, { headers: answerHeaders });
}

/** An answer arriving in parts: its bytes so far, in one buffer of the whole answer's size. */
interface PartialAnswer {
  bytes: Buffer;
  received: number;
}

/**
 * The caller's side of respondInParts: the parts of each answer, keyed by the request they answer
 * (NATS keeps one publisher's messages in order), copied as they come into one buffer.
 */
export class AnswerAssembly {
  private readonly partial = new Map<string, PartialAnswer>();

  /** The whole answer once its last part is in (the message itself when it came in one), else undefined. */
  add(key: string, message: Msg): Msg | undefined {
    const size = Number(message.headers?.get(ANSWER_BYTES) || 0);
    let answer = this.partial.get(key);
    // A size that is not one (no service sends it) leaves the message as it came, for the codec to refuse.
    if (Number.isSafeInteger(size) && size > 0 && size <= MAX_ANSWER_BYTES) {
      answer ??= { bytes: Buffer.allocUnsafe(size), received: 0 };
      this.partial.set(key, answer);
      answer.received += copyInto(answer, message.data);
      return undefined;
    }
    if (!answer) return message;
    this.partial.delete(key);
    answer.received += copyInto(answer, message.data);
    // The last part's message, carrying the answer's headers, with every part's bytes.
    return Object.create(message, { data: { value: answer.bytes.subarray(0, answer.received) } }) as Msg;
  }

  /** Drops what arrived of an answer no longer awaited (its request timed out or failed). */
  forget(key: string): void {
    this.partial.delete(key);
  }
}

/** Copies a part's bytes after those received (its message's bytes may be a view into the connection's read buffer). */
const copyInto = (answer: PartialAnswer, part: Uint8Array): number => {
  answer.bytes.set(part.subarray(0, answer.bytes.byteLength - answer.received), answer.received);
  return Math.min(part.byteLength, answer.bytes.byteLength - answer.received);
};
