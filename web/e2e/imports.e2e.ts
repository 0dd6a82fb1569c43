import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { waitForAnimationsToSettle, waitForDialogsToOpen } from './support/animations.js';
import { MOBILE, launchBrowser, screenshot, seriousA11yViolations } from './support/browser.js';
import { postJson, signUp } from './support/session.js';
import { chooseOption, selectOf } from './support/select.js';
import { reloadUntil } from './support/wait.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Data rows (0-based) that break an item rule, by the row number a spreadsheet shows (header = row 1). */
const INVALID_ROWS = [12, 22, 32, 42];

/**
 * A stock list as a shop might keep it: headers the importer recognises, except 'Remarks', which the
 * user maps by hand. Four rows break the item rules: a negative and a fractional quantity, a price
 * in words and a missing name.
 */
function stockCsv(tag: string, rows: number): string {
  const lines = ['Item,Part number,Qty,Price,Category,Bin,Min,Remarks'];
  for (let i = 0; i < rows; i++) {
    const number = String(i + 1).padStart(4, '0');
    const row = i + 2;
    const name = row === 32 ? '' : `Part ${tag} ${number}`;
    const quantity = row === 12 ? '-5' : row === 42 ? '2.5' : String((i % 50) + 1);
    const price = row === 22 ? 'twelve' : ((i % 90) + 0.99).toFixed(2);
    const category = i % 2 ? 'Fasteners' : 'Tools';
    const bin = `Aisle ${(i % 3) + 1}`;
    lines.push([`"${name}"`, `P-${tag}-${number}`, quantity, price, category, bin, '5', `"Batch ${i % 7}, checked"`].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

const downloaded = async (download: Download) => readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');

/** The figure under a title in the counts card ('To create', 'Created', …). */
const figure = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content');

/** A field's column select: a required field's label starts with its '* '. */
const columnLabel = (label: string) => new RegExp(`^(\\* )?${label}$`);
const columnSelect = (page: Page, label: string) => page.getByRole('combobox', { name: columnLabel(label) });

/** Every percentage the progress bar shows, recorded in the page as it changes. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const record = () => {
      const bar = document.querySelector('[role=progressbar]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen[seen.length - 1] !== value) seen.push(value);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);

/** The inventory screen's item count ('996 items' under the grid), or 0 on its empty state. */
async function inventoryCount(page: Page): Promise<number> {
  const total = page.locator('.ant-pagination-total-text');
  const empty = page.getByTestId('inventory-empty');
  await Promise.race([total.waitFor(), empty.waitFor()]);
  if (await empty.isVisible()) return 0;
  return Number((await total.innerText()).replace(/\D/g, ''));
}

describe('bulk import', () => {
  it('imports a 1,000-row file through the wizard, follows its progress and undoes it', async () => {
    const { page } = await signUp(browser, '/dashboard');
    const tag = Date.now().toString(36);

    // Entry: the dashboard's quick action opens the wizard; the template is made in the browser.
    await page.getByRole('button', { name: 'Bulk Import' }).click();
    await page.waitForURL('**/imports/new');
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByText('Download template').click()]);
    expect(template.suggestedFilename()).toBe('inventory-import-template.csv');
    const templateLines = (await downloaded(template)).trim().split('\r\n');
    expect(templateLines[0]).toBe('Name,SKU,Description,Category,Location,Quantity,Unit price,Reorder level,Barcodes');
    expect(templateLines).toHaveLength(3);

    // Step 1 → 2: the file is read by the server; its columns come back with a suggested mapping.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: `stock-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(stockCsv(tag, 1000)) });
    await page.waitForURL('**/imports/new?step=map');
    await page.getByText('1,000 rows').waitFor();
    const mapped = (label: string) => selectOf(columnSelect(page, label)).innerText();
    expect(await mapped('Name')).toBe('Item');
    expect(await mapped('SKU')).toBe('Part number');
    expect(await mapped('Quantity')).toBe('Qty');
    expect(await mapped('Unit price')).toBe('Price');
    expect(await mapped('Location')).toBe('Bin');
    expect(await mapped('Description')).toBe("Don't import");
    await chooseOption(page, columnLabel('Description'), 'Remarks');
    await page.getByText('e.g. Batch 0, checked · Batch 1, checked · Batch 2, checked').waitFor();
    // Updating by SKU needs the SKU column: the form says so before anything is sent.
    await chooseOption(page, columnLabel('SKU'), "Don't import");
    await page.getByLabel('Add new and update existing by SKU').check();
    await page.getByText('Updating existing items matches them by SKU: choose the column that holds the SKU').waitFor();
    await chooseOption(page, columnLabel('SKU'), 'Part number');
    await page.getByLabel('Add new items', { exact: true }).check();
    // From the top: a full-page shot of a scrolled page draws the sticky top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'imports-mapping');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Step 3: the dry run's counts, the places and categories it would create, the invalid rows.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForURL('**/imports/new?step=preview');
    await page.getByText('Rows with errors').waitFor({ timeout: 30_000 });
    expect(await figure(page, 'To create').innerText()).toBe('996');
    expect(await figure(page, 'To update').innerText()).toBe('0');
    expect(await figure(page, 'Invalid').innerText()).toBe('4');
    for (const name of ['Tools', 'Fasteners', 'Aisle 1', 'Aisle 2', 'Aisle 3']) {
      await page.locator('.ant-tag').getByText(name, { exact: true }).waitFor();
    }
    const errorRows = page.locator('.ant-table-tbody tr');
    expect((await errorRows.locator('td:first-child').allInnerTexts()).map(Number)).toEqual(INVALID_ROWS);
    const [errorsCsv] = await Promise.all([page.waitForEvent('download'), page.getByText('Download all errors (CSV)').click()]);
    const errorLines = (await downloaded(errorsCsv)).trim().split(/\r?\n/);
    expect(errorLines[0]).toBe('Row,Column,Message');
    expect(errorLines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(INVALID_ROWS);
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'imports-preview');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A reload keeps the step: the draft lives in the tab's session.
    await page.reload();
    await page.getByText('Rows with errors').waitFor({ timeout: 30_000 });

    // Step 4: the run, its progress pushed by the server until every row is processed.
    await recordProgress(page);
    await page.getByRole('button', { name: 'Import 996 items' }).click();
    await page.waitForURL(/\/imports\/[0-9a-f-]{36}$/);
    const importId = page.url().split('/').pop()!;
    await page.getByText('Import finished').waitFor({ timeout: 60_000 });
    const seen = await progressSeen(page);
    expect(seen.length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    await page.getByText(`1,000 rows of stock-${tag}.csv processed.`).waitFor();
    const view = await page.evaluate(async (id) => (await fetch(`/api/imports/${id}`)).json(), importId);
    expect(view).toMatchObject({ status: 'done', total: 1000, processed: 1000, created: 996, skipped: 4 });

    // Step 5: the summary.
    expect(await figure(page, 'Created').innerText()).toBe('996');
    expect(await figure(page, 'Updated').innerText()).toBe('0');
    expect(await figure(page, 'Skipped').innerText()).toBe('4');
    await page.getByText('Download the errors (CSV)').waitFor();
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'imports-summary');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The items are in the inventory, with what the file said.
    await page.getByRole('button', { name: 'View inventory' }).click();
    await page.waitForURL('**/inventory');
    await reloadUntil(page, async () => (await inventoryCount(page)) === 996, 30_000);
    await page.getByLabel('Search items').fill(`Part ${tag} 0003`);
    const card = page.getByTestId('item-card').filter({ has: page.getByRole('heading', { name: `Part ${tag} 0003`, exact: true }) });
    await card.getByText(`SKU: P-${tag}-0003`).waitFor();
    // textContent, not innerText: a card off the screen is not rendered (content-visibility, ResponsiveGrid),
    // and Chromium's innerText of it is empty.
    expect(await card.getByTestId('current-stock').textContent()).toBe('3');
    await card.getByText('$2.99').waitFor();

    // The history lists the import; its summary undoes it after a confirmation.
    await page.goto('/imports');
    const entry = page.getByTestId('import-entry').filter({ hasText: `stock-${tag}.csv` });
    await entry.getByText('996 created · 4 skipped').waitFor();
    await entry.getByText('Done', { exact: true }).waitFor();
    await entry.getByRole('link', { name: `stock-${tag}.csv` }).click();
    await page.waitForURL(`**/imports/${importId}`);
    await page.getByRole('button', { name: 'Undo import' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Undo this import?' });
    await waitForDialogsToOpen(page); // a click on a dialog still growing lands beside its button, and nothing is undone
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    await page.getByText('Import undone').waitFor({ timeout: 60_000 });
    await confirm.waitFor({ state: 'hidden' });
    await expect(page.getByRole('button', { name: 'Undo import' }).count()).resolves.toBe(0);
    await page.goto('/inventory');
    await reloadUntil(page, async () => (await inventoryCount(page)) === 0, 30_000);
  }, 240_000);

  it('fits a phone from upload to summary', async () => {
    const { page } = await signUp(browser, '/inventory', MOBILE);
    const tag = Date.now().toString(36);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    // The inventory screen's header leads to the wizard too.
    await page.getByRole('button', { name: /Import$/ }).click();
    await page.waitForURL('**/imports/new');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: `phone-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(stockCsv(tag, 60)) });
    await columnSelect(page, 'Name').waitFor();
    await waitForAnimationsToSettle(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'imports-mapping-phone');

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Rows with errors').waitFor({ timeout: 30_000 });
    expect(await figure(page, 'To create').innerText()).toBe('56');
    await waitForAnimationsToSettle(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'imports-preview-phone');

    await page.getByRole('button', { name: 'Import 56 items' }).click();
    await page.getByText('Import finished').waitFor({ timeout: 60_000 });
    await waitForAnimationsToSettle(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'imports-summary-phone');

    await page.getByRole('button', { name: 'Import history' }).click();
    await page
      .getByTestId('import-entry')
      .filter({ hasText: `phone-${tag}.csv` })
      .waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'imports-history-phone');
  }, 120_000);

  it('refuses to undo an import whose items changed since, with the reason', async () => {
    const { page } = await signUp(browser, '/imports/new');
    const tag = Date.now().toString(36);
    await page.locator('input[type=file]').setInputFiles({
      name: `small-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`Name,SKU,Quantity\r\nLadder ${tag},L-${tag},4\r\n`),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Import 1 item' }).click();
    await page.getByText('Import finished').waitFor({ timeout: 60_000 });

    // Someone books stock on the imported item: undoing the import would take that away too.
    const items = (await page.evaluate(
      async (name) => (await fetch(`/api/inventory?search=${encodeURIComponent(name)}`)).json(),
      `Ladder ${tag}`,
    )) as {
      id: string;
    }[];
    expect(items).toHaveLength(1);
    const moved = await postJson(page, `/api/inventory/${items[0].id}/stock`, { quantity: 1, movementType: 'out', reason: 'Sold' });
    expect(moved.status).toBeLessThan(300);

    await page.getByRole('button', { name: 'Undo import' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Undo this import?' });
    await waitForDialogsToOpen(page); // a click on a dialog still growing lands beside its button, and nothing is undone
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    // The refusal's notice is read whatever it says, so that a failure shows what the app answered instead.
    const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Error' }).first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      `1 item has changed since this import (e.g. 'Ladder ${tag}'); the import cannot be undone`,
    );
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Import finished').waitFor();
    await page.getByRole('button', { name: 'Undo import' }).waitFor();
  }, 120_000);
});
