import type { ClientProxy } from '@nestjs/microservices';
import type { Envelope, RpcRequest, RpcResponse, Subject } from '@inventory/contracts';
import { lastValueFrom, Observable, reduce, timeout } from 'rxjs';
import { valueOf } from './json-text.js';
import { DEFAULT_RPC_TIMEOUT_MS, toServiceError, type RpcOptions } from './rpc.js';

/**
 * Room for one chunk in a NATS message: the bus's max_payload is 16 MB (infra/nats/auth.mjs,
 * MAX_PAYLOAD_BYTES), and a chunk's size is counted in characters, up to three bytes each. A
 * service may answer a request with one message only, so a list must fit in one chunk; a second
 * is refused by NATS (infra/nats/auth.mjs says why it stays so).
 */
export const RPC_CHUNK_BYTES = 5 * 1024 * 1024;

export type ListSubject = { [S in Subject]: RpcResponse<S> extends readonly unknown[] ? S : never }[Subject];

/**
 * Service side: a list answered as a stream of chunks, each small enough for one NATS message.
 * Order is kept; an empty list is one empty chunk. NATS lets a service send one message per request
 * (RPC_CHUNK_BYTES), so a list of more than one chunk does not reach its caller.
 */
export function inChunks<T>(items: readonly T[], maxBytes = RPC_CHUNK_BYTES): Observable<T[]> {
  return new Observable((subscriber) => {
    // Sizes as JSON: the brackets, then each item with its comma.
    let chunk: T[] = [];
    let bytes = 1;
    for (const item of items) {
      const size = JSON.stringify(item).length + 1;
      if (chunk.length > 0 && bytes + size > maxBytes) {
        subscriber.next(chunk);
        chunk = [];
        bytes = 1;
      }
      chunk.push(item);
      bytes += size;
    }
    subscriber.next(chunk);
    subscriber.complete();
  });
}

/** Caller side of inChunks: like rpc(), with the chunks joined back into one list. */
export async function rpcChunked<S extends ListSubject>(
  client: ClientProxy,
  subject: S,
  data: RpcRequest<S>,
  options: RpcOptions = {},
): Promise<RpcResponse<S>> {
  const envelope: Envelope<RpcRequest<S>> = { actor: options.actor, data, meta: options.meta };
  const ms = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  const answer = client.send<unknown>(subject, envelope).pipe(
    timeout(ms),
    reduce((all: unknown[], chunk) => all.concat(valueOf<unknown[]>(chunk)), []),
  );
  try {
    return (await lastValueFrom(answer)) as RpcResponse<S>;
  } catch (error) {
    throw toServiceError(error, subject, ms);
  }
}
