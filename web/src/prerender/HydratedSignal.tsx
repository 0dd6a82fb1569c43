import { useEffect } from 'react';
import { APP_HYDRATED_EVENT } from './hydrated-event';

/**
 * Tells a page the gateway rendered that the app has taken it over: the signed-out pages' loader
 * (early-clicks.ts) presses a held button again, and a signed-in screen stops being inert
 * (gateway/src/web/signed-in-pages.ts). Rendered inside the Suspense boundary of the signed-out
 * pages and of a signed-in screen: React hydrates that boundary after the shell, and a control used
 * before then would still be dead HTML.
 */
export function HydratedSignal() {
  useEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.removeAttribute('aria-busy');
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
  return null;
}
