import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The id of the request being served, wherever its work runs (docs/operations.md, "Logs"): the
 * gateway gives every HTTP request one (or keeps the caller's X-Request-Id), sends it along in each
 * NATS request's envelope, and the service runs its handler under it; every log line printed on
 * the way carries it.
 */
const current = new AsyncLocalStorage<string>();

/** A caller's own request id is kept when it is short and plain; anything else is replaced. */
const USABLE_ID = /^[\w.:-]{1,64}$/;

export const isUsableRequestId = (given: unknown): given is string => typeof given === 'string' && USABLE_ID.test(given);

export const requestIdOf = (given: string | undefined): string => (isUsableRequestId(given) ? given : randomUUID());

export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? current.run(requestId, work) : work();
}

/** The request id of synchronous work under withRequestIdNow, which needs no AsyncLocalStorage. */
let synchronousRequestId: string | undefined;

/**
 * Runs synchronous work (a log line's making) under a request id without AsyncLocalStorage. In the
 * gateway, which never runs its handlers under their id (docs/operations.md, "Logs"), a single run()
 * would switch Node 20's promise hooks on for the rest of the process: every later promise, of
 * every request, about twice as dear. Its error filter, the first error it answered, did just that.
 */
export function withRequestIdNow<T>(requestId: string | undefined, work: () => T): T {
  const outer = synchronousRequestId;
  synchronousRequestId = requestId;
  try {
    return work();
  } finally {
    synchronousRequestId = outer;
  }
}

export const currentRequestId = (): string | undefined => synchronousRequestId ?? current.getStore();

/**
 * Stops tracking request ids, when the process's app closes. An AsyncLocalStorage left enabled
 * costs every later promise a little; a test runner, which loads this module again for every test
 * file, would otherwise pile them up until the whole run crawled.
 */
export function stopTrackingRequestIds(): void {
  current.disable();
}
