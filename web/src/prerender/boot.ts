import { holdInputUntilHydrated } from './early-input';
import { APP_SCRIPTS_ID, PRERENDER_STATE_ID } from './element-ids';

/**
 * The only script of a page the gateway rendered (docs/web-performance.md): the signed-out landing
 * and login pages, and a signed-in screen with the visitor's data. The page is complete HTML and
 * CSS and its links work as they are, so the app (React, antd) is started only when the visitor
 * reaches for the page (a hover, touch, key, focus, wheel or scroll): a phone paints the page at
 * once and is not kept busy taking over a screen nobody has touched yet. What the visitor does
 * meanwhile is taken once the app has the page (early-input.ts).
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/**
 * An untouched signed-in screen is taken over when its first refresh is due (the low-stock alerts'
 * poll, ALERT_POLL_MS in features/alerts/hooks.ts): until then the rendered answers are as fresh
 * as the app's would be.
 */
const UNTOUCHED_SCREEN_TAKEOVER_MS = 30_000;

let started = false;

function startApp(): void {
  if (started) return;
  started = true;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, startApp, true);
  void import('../main');
}

/**
 * Downloads the app's scripts (listed by render-page.tsx) into the cache once the page has loaded,
 * without running any, in a worker: the takeover then waits for no download, and the page's main
 * thread takes none of the responses in.
 */
function fetchAppScriptsWhenIdle(): void {
  const list = document.getElementById(APP_SCRIPTS_ID)?.textContent;
  if (!list) return;
  const fetchAll = () => new Worker(new URL('./prefetch-worker.ts', import.meta.url), { type: 'module' }).postMessage(JSON.parse(list));
  // Safari has no requestIdleCallback.
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(fetchAll) : setTimeout(fetchAll));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

holdInputUntilHydrated(startApp);
if (!document.getElementById(PRERENDER_STATE_ID) || document.getElementById('root')?.dataset.prerendered === 'partial') {
  // The gateway could not render the screen (it sent the loader), or left a part of it loading
  // (gateway/src/web/signed-in-pages.ts): the app draws it, now.
  startApp();
} else {
  for (const type of INTENT_EVENTS) window.addEventListener(type, startApp, { capture: true, passive: true });
  if (document.documentElement.dataset.session === 'likely') {
    fetchAppScriptsWhenIdle();
    setTimeout(startApp, UNTOUCHED_SCREEN_TAKEOVER_MS);
  }
}
