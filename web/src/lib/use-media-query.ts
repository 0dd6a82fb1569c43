import { useSyncExternalStore } from 'react';
import { useHintedWidth, widthMatches } from './client-hints';

/**
 * Matches synchronously on first render, so the layout does not flash the wrong variant. A server
 * render (and the browser taking it over) answers from the window width the browser last reported.
 */
export function useMediaQuery(query: string): boolean {
  const hintedWidth = useHintedWidth();
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => (hintedWidth === null ? false : widthMatches(query, hintedWidth)),
  );
}

/** spec §2: below 768 px the navigation becomes a slide-in drawer. */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 767.98px)');
}
