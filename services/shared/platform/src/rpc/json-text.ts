/**
 * An answer that is already JSON text. A service returns one instead of the value to send a large
 * answer without serializing it again; a caller can take it as bytes (rpcJson) and write it to
 * HTTP as they are, or parse it (rpc does). See json-text.codec.ts for how it travels.
 */
export class JsonText {
  constructor(readonly json: string | Uint8Array) {}

  /** The text as bytes, ready to be written. */
  bytes(): Buffer {
    return typeof this.json === 'string'
      ? Buffer.from(this.json)
      : Buffer.from(this.json.buffer, this.json.byteOffset, this.json.byteLength);
  }

  parse<T>(): T {
    return JSON.parse(typeof this.json === 'string' ? this.json : this.bytes().toString()) as T;
  }

  /** A value as JSON text (an answer that is text already stays as it is). */
  static of(value: unknown): JsonText {
    return value instanceof JsonText ? value : new JsonText(JSON.stringify(value));
  }
}

/** The value of an answer, parsing one that came as JSON text. */
export const valueOf = <T>(answer: unknown): T => (answer instanceof JsonText ? answer.parse<T>() : (answer as T));

/** A page of a list: its items as JSON text already, how many match, and the cursor of the page after it. */
export interface PageText {
  total: number;
  totalCapped?: boolean;
  next?: string | null;
  itemsJson: string;
}

/**
 * A page of a list as JSON text, `{"total":N,["totalCapped":true,]["next":"…",]"items":[...]}`,
 * around items that are JSON text already. The rest comes first so that splitPageJson can cut the
 * items out without parsing them.
 */
export function pageJson({ total, totalCapped = false, next = null, itemsJson }: PageText): JsonText {
  const cursor = next === null ? '' : `"next":${JSON.stringify(next)},`;
  return new JsonText(`{"total":${Math.trunc(total)},${totalCapped ? '"totalCapped":true,' : ''}${cursor}"items":${itemsJson}}`);
}

// A cursor is base64url (writeCursor): no character in it needs escaping, or can end the head.
const PAGE_HEAD = /^\{"total":(\d+),("totalCapped":true,)?(?:"next":"([A-Za-z0-9_-]+)",)?"items":$/;
const ITEMS_KEY = Buffer.from('"items":');

/** The total, the cursor and the items' JSON bytes of a pageJson text; a page in any other form is parsed. */
export function splitPageJson(page: JsonText): { total: number; totalCapped: boolean; next: string | null; items: Buffer } {
  const bytes = page.bytes();
  const end = bytes.indexOf(ITEMS_KEY);
  const head = end < 0 ? null : PAGE_HEAD.exec(bytes.subarray(0, end + ITEMS_KEY.length).toString('latin1'));
  if (head && bytes[bytes.length - 1] === 0x7d /* } */) {
    return {
      total: Number(head[1]),
      totalCapped: head[2] !== undefined,
      next: head[3] ?? null,
      items: bytes.subarray(end + ITEMS_KEY.length, bytes.length - 1),
    };
  }
  const {
    total,
    totalCapped = false,
    next = null,
    items,
  } = page.parse<{ total: number; totalCapped?: boolean; next?: string | null; items: unknown[] }>();
  return { total, totalCapped, next, items: Buffer.from(JSON.stringify(items)) };
}
