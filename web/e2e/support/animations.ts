import type { Page } from 'playwright-core';

/**
 * Waits until no finite CSS animation or transition runs (a toast sliding in is audited at rest).
 * Endless ones (skeleton shimmer, spinners) never finish and are not waited for.
 */
export async function waitForAnimationsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Holds the element matching `selector` at the first frame of its animation while `check` runs,
 * then lets it finish: a transient state (a popup starting to fade out) stays on screen long
 * enough to be checked. Rewinding to the start makes the held frame the same on every run (half
 * faded, its text would fail the contrast check for a reason no user sees).
 */
export async function whileAnimating<T>(page: Page, selector: string, check: () => Promise<T>): Promise<T> {
  await page.waitForFunction(
    (css) => {
      const animations = document.querySelector(css)?.getAnimations() ?? [];
      const running = animations.filter((animation) => animation.playState === 'running');
      running.forEach((animation) => {
        animation.pause();
        animation.currentTime = 0;
      });
      return running.length > 0;
    },
    selector,
    { polling: 'raf' },
  );
  try {
    return await check();
  } finally {
    await page.evaluate(
      (css) =>
        document
          .querySelector(css)
          ?.getAnimations()
          .forEach((animation) => animation.play()),
      selector,
    );
  }
}

/**
 * Waits until no dialog or drawer is still opening. Its motion classes are there from its first
 * frame, before its animation starts, so this holds even when the page is slow to paint (a click
 * on a dialog still growing lands beside the button aimed at).
 */
export async function waitForDialogsToOpen(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[role="dialog"][class*="-enter"], [role="dialog"][class*="-appear"]'));
  await waitForAnimationsToSettle(page);
}
