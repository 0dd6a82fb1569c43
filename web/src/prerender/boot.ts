import { holdClicksUntilHydrated } from './early-clicks';

/**
 * The only script of a signed-out page the gateway rendered ahead of time (docs/web-performance.md).
 * The page is complete HTML and CSS, and its links work as they are, so the app (React, antd) is
 * fetched and started only when the visitor reaches for the page: a phone paints the page at once
 * and is not kept busy by a bundle nobody has used yet. A button pressed before the app has taken
 * the page over is pressed again once it has.
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let started = false;

function startApp(): void {
  if (started) return;
  started = true;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, startApp, true);
  void import('../main');
}

for (const type of INTENT_EVENTS) window.addEventListener(type, startApp, { capture: true, passive: true });
holdClicksUntilHydrated(startApp);
