import { APP_HYDRATED_EVENT } from './hydrated-event';

const TEXT_FIELDS =
  'textarea, input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="password"], input[type="number"], input[type="tel"], input[type="url"]';

/**
 * What a visitor does on a page the gateway rendered before the app has taken it over
 * (docs/web-performance.md), taken once it has (HydratedSignal):
 * - a tap on a control (a button, a select, a pager's page, a tab, a checkbox) is held, then made
 *   again as the same pointer sequence, so a control that opens on mousedown (antd's Select) opens;
 * - text typed into a field stays where it is and is handed to the app's state;
 * - a link needs nothing: it leads to its page as it is.
 */
export function holdInputUntilHydrated(onHeld: () => void): void {
  let hydrated = false;
  let held: { control: HTMLElement; at: MouseEventInit } | null = null;
  const root = document.getElementById('root');
  window.addEventListener(
    'click',
    (event) => {
      if (hydrated) return;
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !root?.contains(target) || target.closest('a[href]') || isTypedInto(target)) return;
      // An icon's SVG cannot be clicked again itself: its button, or the element around it, is.
      const control = target.closest('button') ?? (target instanceof HTMLElement ? target : target.closest('svg')?.parentElement);
      if (!control) return;
      event.preventDefault();
      event.stopPropagation();
      held = { control, at: { bubbles: true, cancelable: true, composed: true, clientX: event.clientX, clientY: event.clientY } };
      onHeld();
    },
    true,
  );
  document.addEventListener(
    APP_HYDRATED_EVENT,
    () => {
      hydrated = true;
      // In a task of its own: the signal comes from inside React's effects, where React cannot
      // hydrate the part of the page a tap lands on (a card not taken over yet) before handling it.
      setTimeout(() => {
        if (root) handTypedTextOver(root);
        if (held?.control.isConnected) tap(held.control, held.at);
        held = null;
      });
    },
    { once: true },
  );
}

/** A field the visitor types into (not a select's read-only search box, which is a control). */
function isTypedInto(element: Element): boolean {
  return element.matches(TEXT_FIELDS) && !(element as HTMLInputElement).readOnly;
}

/**
 * React takes a field over with the text typed into it before then left on view, but its state
 * still holds the rendered value, and the next render would wipe the text. So the change is made
 * again where React sees it: its value tracker (an own `value` property of the element) is told
 * the rendered value, the element shows the typed text again through the prototype's setter, and
 * an `input` event lets the field's onChange take it.
 */
function handTypedTextOver(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** A tap as the browser reports one, on `control`. */
function tap(control: HTMLElement, at: MouseEventInit): void {
  control.dispatchEvent(new PointerEvent('pointerdown', { ...at, isPrimary: true }));
  control.dispatchEvent(new MouseEvent('mousedown', at));
  control.dispatchEvent(new PointerEvent('pointerup', { ...at, isPrimary: true }));
  control.dispatchEvent(new MouseEvent('mouseup', at));
  control.dispatchEvent(new MouseEvent('click', at));
}
