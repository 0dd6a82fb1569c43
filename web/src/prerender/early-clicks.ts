import { APP_HYDRATED_EVENT } from './hydrated-event';

/**
 * A page the gateway rendered shows its buttons before the app has taken them over
 * (docs/web-performance.md): a button pressed meanwhile is held, and pressed again once the app
 * has (HydratedSignal). Links need nothing: they lead to their page as they are.
 */
export function holdClicksUntilHydrated(onHeld: () => void = () => undefined): void {
  let hydrated = false;
  let pressedBeforeHydration: HTMLElement | null = null;
  window.addEventListener(
    'click',
    (event) => {
      if (hydrated) return;
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button) return;
      event.preventDefault();
      event.stopPropagation();
      pressedBeforeHydration = button;
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
