import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What a server render knows of the browser it renders for (docs/web-performance.md): the window's
 * width and the time zone, from the cookie the app writes on each start. The browser takes the page
 * over with the same hints, then switches to its own values where they differ.
 */
export interface ClientHints {
  width: number;
  timeZone: string;
}

/** The cookie the gateway reads the hints from (gateway/src/web/signed-in-pages.ts). */
export const CLIENT_HINTS_COOKIE = 'client-hints';

const ClientHintsContext = createContext<ClientHints | null>(null);

/** The hints a page was rendered with: on the server, and in the browser while it takes that page over. */
export const ClientHintsProvider = ClientHintsContext.Provider;

const noSubscription = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Written on each start, so the next server render of a page lays it out for this window. */
export function rememberClientHints(): void {
  const hints = new URLSearchParams({ w: String(window.innerWidth), tz: browserTimeZone() });
  document.cookie = `${CLIENT_HINTS_COOKIE}=${encodeURIComponent(hints.toString())}; path=/; max-age=31536000; samesite=lax`;
}

/** The width a render lays the page out for: the hint on the server and while taking a page over. */
export function useHintedWidth(): number | null {
  return useContext(ClientHintsContext)?.width ?? null;
}

/** The time zone dates are shown in: this browser's, or the hinted one while a server-rendered page is taken over. */
export function useTimeZone(): string {
  const hints = useContext(ClientHintsContext);
  return useSyncExternalStore(noSubscription, browserTimeZone, () => hints?.timeZone ?? 'UTC');
}

/**
 * Whether a `(max-width: …px)` or `(min-width: …px)` query holds at `width`: the server's answer
 * to the media queries the app's layout asks (lib/use-media-query.ts).
 */
export function widthMatches(query: string, width: number): boolean {
  const bound = /^\((max|min)-width:\s*([\d.]+)px\)$/.exec(query.trim());
  if (!bound) return false;
  const limit = Number(bound[2]);
  return bound[1] === 'max' ? width <= limit : width >= limit;
}
