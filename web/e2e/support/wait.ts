import type { Locator } from 'playwright-core';

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
