import { useSyncExternalStore } from 'react';

/** Matches synchronously on first render, so the layout does not flash the wrong variant. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** spec §2: below 768 px the navigation becomes a slide-in drawer. */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 767.98px)');
}
