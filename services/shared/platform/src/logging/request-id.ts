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

export const currentRequestId = (): string | undefined => current.getStore();

/**
 * Stops tracking request ids, when the process's app closes. An AsyncLocalStorage left enabled
 * costs every later promise a little; a test runner, which loads this module again for every test
 * file, would otherwise pile them up until the whole run crawled.
 */
export function stopTrackingRequestIds(): void {
  current.disable();
}
