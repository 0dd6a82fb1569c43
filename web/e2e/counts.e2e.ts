import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { waitForDialogsToOpen } from './support/animations.js';
import { MOBILE, launchBrowser, screenshot } from './support/browser.js';
import { postJson, signUp } from './support/session.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Item {
  id: string;
  currentStock: number;
}

async function createItem(page: Page, body: object): Promise<Item> {
  const res = await postJson(page, '/api/inventory', body);
  if (res.status !== 201) throw new Error(`item: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as Item;
}

const itemNow = (page: Page, id: string) =>
  page.evaluate(async (itemId) => (await (await fetch(`/api/inventory/${itemId}`)).json()) as Item, id);

/** Finds an item by its code in the count's code field and records how many were counted. */
async function countItem(page: Page, code: string, counted: number): Promise<void> {
  await page.getByLabel('Item code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Find' }).click();
  const quantity = page.getByTestId('count-item').getByRole('spinbutton', { name: 'Counted quantity' });
  await quantity.fill(String(counted));
  await page.getByRole('button', { name: 'Save count' }).click();
  await page.getByTestId('count-item').waitFor({ state: 'detached' });
}

const line = (page: Page, name: string) => page.getByTestId('count-line').filter({ hasText: name });

describe('stock counts', () => {
  it('opens a count, records two items by their codes, applies it and the stock follows', async () => {
    const { page } = await signUp(browser, '/dashboard');
    const tag = Date.now().toString(36);
    const crate = await createItem(page, { name: `Crate ${tag}`, sku: `CR-${tag}`, unitPrice: '12.50', currentStock: 10 });
    const strap = await createItem(page, { name: `Strap ${tag}`, sku: `ST-${tag}`, unitPrice: '0.99', currentStock: 4 });

    await page.goto('/counts');
    await page.getByRole('button', { name: 'New count' }).click();
    await waitForDialogsToOpen(page);
    await page.getByRole('button', { name: 'Start counting' }).click();
    await page.waitForURL(/\/counts\/[0-9a-f-]{36}$/);
    await line(page, `Crate ${tag}`).waitFor();

    await countItem(page, `CR-${tag}`, 7);
    await countItem(page, `st-${tag}`.toUpperCase(), 6);
    // Each line shows its variance and value as the server worked them out.
    await line(page, `Crate ${tag}`).getByText('-3', { exact: true }).waitFor();
    await line(page, `Crate ${tag}`).getByText('-$37.50').waitFor();
    await line(page, `Strap ${tag}`).getByText('+2', { exact: true }).waitFor();
    await page.locator('.ant-statistic').filter({ hasText: 'Variance value' }).getByText('-$35.52').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /Export/ })
        .click()
        .then(() => page.getByRole('menuitem', { name: 'Export CSV' }).click()),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8').split('\n');
    expect(csv[0]).toBe('Item Name,SKU,Expected,Counted,Variance,Unit Price,Variance Value,Counted By');
    expect(
      csv
        .slice(1)
        .map((row) => row.split(',').slice(0, 7).join(','))
        .sort(),
    ).toEqual([`"Crate ${tag}","CR-${tag}",10,7,-3,12.50,-37.50`, `"Strap ${tag}","ST-${tag}",4,6,2,0.99,1.98`]);
    await screenshot(page, 'count-session-desktop');

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByText("with the reason 'Count").waitFor();
    await waitForDialogsToOpen(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Applied', { exact: true }).first().waitFor();
    await page.getByLabel('Item code', { exact: true }).waitFor({ state: 'detached' });

    expect((await itemNow(page, crate.id)).currentStock).toBe(7);
    expect((await itemNow(page, strap.id)).currentStock).toBe(6);
    await page.goto('/counts');
    await page.getByRole('link', { name: 'No place' }).first().waitFor();
    await page.getByText('Applied', { exact: true }).first().waitFor();
  });

  it('fits a phone: the code field, the lines and their counted fields', async () => {
    const { page } = await signUp(browser, '/dashboard', MOBILE);
    const tag = Date.now().toString(36);
    await createItem(page, { name: `Box ${tag}`, sku: `BX-${tag}`, unitPrice: '3.00', currentStock: 5 });
    await page.goto('/counts');
    await page.getByRole('button', { name: 'New count' }).click();
    await waitForDialogsToOpen(page);
    await page.getByRole('button', { name: 'Start counting' }).click();
    await page.waitForURL(/\/counts\/[0-9a-f-]{36}$/);
    await countItem(page, `BX-${tag}`, 4);
    await line(page, `Box ${tag}`).getByText('-1').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'count-session-phone');
  });
});
