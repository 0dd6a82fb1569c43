import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { waitForAnimationsToSettle, waitForDialogsToOpen } from './support/animations.js';
import { MOBILE, launchBrowser, screenshot } from './support/browser.js';
import { postJson, signUp } from './support/session.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function create<T>(page: Page, url: string, body: object): Promise<T> {
  const res = await postJson(page, url, body);
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

/** The downloaded PDF's page count, as poppler reads it (so it must parse). */
async function pdfPages(download: Download): Promise<number> {
  const file = (await download.path())!;
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
}

/** Chooses the sheet in the open Print labels dialog and downloads the PDF. */
async function printFromDialog(page: Page, sheet: string, shot?: string): Promise<Download> {
  const dialog = page.getByRole('dialog', { name: /^Print labels/ });
  await dialog.waitFor();
  await waitForDialogsToOpen(page); // a click on a dialog still growing lands on the sheet above the one aimed at
  await dialog.getByText(sheet, { exact: true }).click();
  if (shot) {
    await waitForAnimationsToSettle(page);
    await screenshot(page, shot);
  }
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
  await dialog.waitFor({ state: 'hidden' });
  return download;
}

const itemCard = (page: Page, name: string) =>
  page.getByTestId('item-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('printing labels', () => {
  it("prints an item's label from its card menu, several selected items at once, and a location's label", async () => {
    const { page } = await signUp(browser, '/dashboard');
    const shelf = await create<{ id: string; name: string }>(page, '/api/locations', { name: 'Shelf B', type: 'Storage' });
    for (const [i, name] of ['Hammer', 'Pliers', 'Wrench'].entries())
      await create(page, '/api/inventory', {
        name,
        sku: `T-${i}`,
        unitPrice: '9.90',
        barcodes: [`400638133393${i}`],
        locationId: shelf.id,
      });
    await page.goto('/inventory');

    // One item, from the card's menu, on a label printer: one page.
    await itemCard(page, 'Hammer').getByRole('button', { name: 'More actions for Hammer' }).click();
    await page.getByRole('menuitem', { name: 'Print labels' }).click();
    const single = await printFromDialog(page, 'Label printer', 'labels-dialog-desktop');
    expect(single.suggestedFilename()).toBe('item-labels-single.pdf');
    expect(await pdfPages(single)).toBe(1);

    // Two chosen in selection mode, on an A4 sheet.
    await page.getByRole('button', { name: /Select$/ }).click();
    await page.getByRole('checkbox', { name: 'Select Pliers' }).check();
    await page.getByRole('checkbox', { name: 'Select Wrench' }).check();
    await page.getByRole('button', { name: 'Print labels (2)' }).click();
    const sheet = await printFromDialog(page, 'A4 sheet, 3 × 8');
    expect(sheet.suggestedFilename()).toBe('item-labels-a4-3x8.pdf');
    expect(await pdfPages(sheet)).toBe(1);

    await page.goto('/locations');
    await page.getByRole('button', { name: 'Print label of Shelf B' }).click();
    const place = await printFromDialog(page, 'US Letter sheet, 2 × 7');
    expect(place.suggestedFilename()).toBe('location-labels-letter-2x7.pdf');
    expect(await pdfPages(place)).toBe(1);

    // The 'Get started' card's step ticks itself.
    await page.goto('/dashboard');
    await page.getByTestId('onboarding-labels').and(page.locator('[data-done="true"]')).waitFor();
  }, 120_000);

  it('fits the dialog on a 375 px phone', async () => {
    const { page } = await signUp(browser, '/dashboard', MOBILE);
    await create(page, '/api/inventory', { name: 'Tape measure, 5 m', unitPrice: '4.50' });
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'More actions for Tape measure, 5 m' }).click();
    await page.getByRole('menuitem', { name: 'Print labels' }).click();
    await page.getByRole('dialog', { name: /^Print labels/ }).waitFor();
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'labels-dialog-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    const download = await printFromDialog(page, 'A4 sheet, 3 × 8');
    expect(await pdfPages(download)).toBe(1);
  }, 120_000);
});
