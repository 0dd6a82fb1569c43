import { APP_HYDRATED_EVENT } from './hydrated-event';

/**
 * A page the gateway rendered shows its controls before the app has taken them over
 * (docs/web-performance.md): a click meanwhile (a button, a pager's page, a tab) is held, and
 * clicked again once the app has (HydratedSignal). Links need nothing: they lead to their page as
 * they are.
 */
export function holdClicksUntilHydrated(onHeld: () => void = () => undefined): void {
  let hydrated = false;
  let pressedBeforeHydration: HTMLElement | null = null;
  const root = document.getElementById('root');
  window.addEventListener(
    'click',
    (event) => {
      if (hydrated) return;
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !root?.contains(target) || target.closest('a[href]')) return;
      // An icon's SVG cannot be clicked again itself: its button, or the element around it, is.
      const held = target.closest('button') ?? (target instanceof HTMLElement ? target : target.closest('svg')?.parentElement);
      if (!held) return;
      event.preventDefault();
      event.stopPropagation();
      pressedBeforeHydration = held;
      onHeld();
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
}
