import { APP_HYDRATED_EVENT } from './state';

/**
 * The only script of a signed-out page the gateway rendered ahead of time (docs/web-performance.md).
 * The page is complete HTML and CSS, and its links work as they are, so the app (React, antd) is
 * fetched and started only when the visitor reaches for the page: a phone paints the page at once
 * and is not kept busy by a bundle nobody has used yet. A button pressed before the app has taken
 * the page over is pressed again once it has.
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let started = false;
let hydrated = false;
let pressedBeforeHydration: HTMLElement | null = null;

function startApp(): void {
  if (started) return;
  started = true;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, startApp, true);
  void import('../main');
}

for (const type of INTENT_EVENTS) window.addEventListener(type, startApp, { capture: true, passive: true });

window.addEventListener(
  'click',
  (event) => {
    if (hydrated) return;
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return; // links navigate to their (also rendered ahead of time) page
    event.preventDefault();
    event.stopPropagation();
    pressedBeforeHydration = button;
    startApp();
  },
  true,
);

document.addEventListener(
  APP_HYDRATED_EVENT,
  () => {
    hydrated = true;
    if (pressedBeforeHydration?.isConnected) pressedBeforeHydration.click();
    pressedBeforeHydration = null;
  },
  { once: true },
);
