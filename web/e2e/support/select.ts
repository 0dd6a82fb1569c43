import type { Locator, Page } from 'playwright-core';
import { waitForDialogsToOpen } from './animations.js';
import { openSelectOption } from './wait.js';

const ATTEMPTS = 3;

/**
 * Picks `option` in the antd Select labelled `label` within `scope` (its popup lives at the end of
 * the body) and checks that the Select shows it. On a loaded machine the list can close before the
 * click lands (a dialog still opening takes the focus) or the click can miss a list still moving;
 * a person would open it again and pick, and so does this.
 */
export async function chooseOption(scope: Page | Locator, label: string | RegExp, option: string): Promise<void> {
  const combobox = scope.getByRole('combobox', { name: label, exact: typeof label === 'string' });
  const page = combobox.page();
  const select = selectOf(combobox);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    await waitForDialogsToOpen(page);
    // A click on an open Select closes it.
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
    const picked = await openSelectOption(page, option)
      .first()
      .click({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (picked && (await shows(select, option))) return;
  }
  throw new Error(`the select ${String(label)} still does not show ${JSON.stringify(option)} after ${ATTEMPTS} picks`);
}

/** The whole antd Select around its combobox input: what it shows as chosen is in there. */
export function selectOf(combobox: Locator): Locator {
  return combobox.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
}

async function shows(select: Locator, option: string, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await select.innerText()).includes(option)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
