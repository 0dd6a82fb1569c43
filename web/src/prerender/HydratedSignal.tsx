import { useEffect } from 'react';
import { APP_HYDRATED_EVENT } from './hydrated-event';

/** Marks a signed-in screen the gateway rendered until the app has taken it over (gateway/src/web/signed-in-pages.ts). */
const PRERENDERED_MARK = 'data-prerendered';

/**
 * Tells a page the gateway rendered that the app has taken it over: what the visitor did before
 * is taken now (early-input.ts), and a signed-in screen loses its mark. Rendered inside the
 * Suspense boundary of the signed-out pages and of a signed-in screen: React hydrates that boundary
 * after the shell, and a control used before then would still be dead HTML.
 */
export function HydratedSignal() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute(PRERENDERED_MARK);
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
  return null;
}
