import { useEffect } from 'react';
import { APP_HYDRATED_EVENT } from './state';

/**
 * Tells the loader of a page rendered ahead of time (boot.ts) that the app has taken it over.
 * Rendered inside the signed-out pages' Suspense boundary: React hydrates that boundary after the
 * shell, and a button pressed again before then would still be dead HTML.
 */
export function HydratedSignal() {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
  return null;
}
