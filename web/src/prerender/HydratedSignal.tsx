import { useEffect } from 'react';
import { APP_HYDRATED_EVENT } from './hydrated-event';

/**
 * Tells the loader of a page the gateway rendered (early-clicks.ts) that the app has taken it over.
 * Rendered inside the Suspense boundary of the signed-out pages and of a signed-in screen: React
 * hydrates that boundary after the shell, and a button pressed again before then would still be
 * dead HTML.
 */
export function HydratedSignal() {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
  return null;
}
