import type { Locator, Page } from 'playwright-core';

/** Waits until the locator matches exactly `count` elements (jest has no expect.poll). */
export async function waitForCount(locator: Locator, count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  while (Date.now() < deadline) {
    last = await locator.count();
    if (last === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected ${count} matches, still ${last} after ${timeoutMs} ms`);
}

/** Waits until an input shows `value` (a dialog fills its form just after it opens). */
export async function waitForValue(locator: Locator, value: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await locator.inputValue();
    if (last === value) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected the value ${JSON.stringify(value)}, still ${JSON.stringify(last)} after ${timeoutMs} ms`);
}

/** Options of the Select dropdown that is open now (closed ones stay in the DOM, hidden). */
export function openSelectOption(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text });
}

/** The read models are fed by events: reloads the page until the check passes. */
export async function reloadUntil(page: Page, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await page.waitForTimeout(500);
    await page.reload();
    await page.waitForLoadState('networkidle');
  }
  throw new Error('condition not met in time');
}

/**
 * Reaches for a screen the gateway rendered, as a visitor does, and waits until the app has taken
 * it over (docs/web-performance.md): till then what only the app does on a screen (remembering a
 * visit) has not happened.
 */
export async function takenOver(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
}
