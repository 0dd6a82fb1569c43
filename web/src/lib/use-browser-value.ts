import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the browser knows (its storage, its permissions). A page the server rendered is
 * taken over with `serverValue`, as it was rendered, and shows the browser's value right after
 * (docs/web-performance.md); a page the browser renders itself reads it at once. `read` must
 * return a primitive, or the same object while nothing changed.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}
