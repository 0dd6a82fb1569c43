import { createContext, useContext, useSyncExternalStore } from 'react';
import { rememberedInThisBrowser } from './onboarding';
import { readStored, STORED_VIEW_KEYS } from './use-stored-state';
import type { ThemeMode } from './theme-mode';

/**
 * What a server render knows of the browser it renders for (docs/web-performance.md), from the
 * cookie the app writes on each start and whenever one of these changes. The browser takes the page
 * over with the same hints, then switches to its own values where they differ (rarely: they are
 * this browser's own, as of its last visit).
 */
export interface ClientHints {
  width: number;
  timeZone: string;
  theme: ThemeMode;
  /** The site's notification permission, in a browser that has one. */
  notifications: NotificationPermission | null;
  /** What this browser remembers for the 'Get started' card (lib/onboarding.ts). */
  remembered: string[];
  /** The view choices stored in this browser, as stored (lib/use-stored-state.ts). */
  stored: Partial<Record<string, string>>;
}

/** The cookie the gateway reads the hints from (gateway/src/web/signed-in-pages.ts). */
export const CLIENT_HINTS_COOKIE = 'client-hints';

const ClientHintsContext = createContext<ClientHints | null>(null);

/** The hints a page was rendered with: on the server, and in the browser while it takes that page over. */
export const ClientHintsProvider = ClientHintsContext.Provider;

const noSubscription = () => () => {};
// Read once: each read builds an Intl.DateTimeFormat, and every date on a screen asks (useTimeZone).
let timeZoneOfThisBrowser: string | undefined;
const browserTimeZone = () => (timeZoneOfThisBrowser ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** Written on each start and change, so the next server render of a page is the one this browser would draw. */
export function rememberClientHints(): void {
  const theme = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
  const hints = new URLSearchParams({ w: String(window.innerWidth), tz: browserTimeZone(), th: theme });
  if (typeof Notification !== 'undefined') hints.set('np', Notification.permission);
  for (const name of rememberedInThisBrowser()) hints.append('ob', name);
  for (const key of STORED_VIEW_KEYS) {
    const stored = readStored(key);
    if (stored !== null) hints.set(`s:${key}`, stored);
  }
  document.cookie = `${CLIENT_HINTS_COOKIE}=${encodeURIComponent(hints.toString())}; path=/; max-age=31536000; samesite=lax`;
}

/** The width a render lays the page out for: the hint on the server and while taking a page over. */
export function useHintedWidth(): number | null {
  return useContext(ClientHintsContext)?.width ?? null;
}

/** A window resized (a phone turned, a browser made narrow) is laid out as it is now on the next visit. */
export function rememberClientHintsOnResize(): void {
  let timer: number | undefined;
  window.addEventListener('resize', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(rememberClientHints, 500);
  });
}

/** The hints a page is rendered with, on the server and while the browser takes it over; else null. */
export function useClientHints(): ClientHints | null {
  return useContext(ClientHintsContext);
}

/** The theme a server render shows: the one this browser showed last (light without a hint). */
export function useHintedTheme(): ThemeMode {
  return useContext(ClientHintsContext)?.theme ?? 'light';
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
