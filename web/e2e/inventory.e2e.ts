import type { Browser, Locator, Page } from 'playwright-core';
import { waitForAnimationsToSettle } from './support/animations.js';
import { MOBILE, launchBrowser, screenshot, seriousA11yViolations } from './support/browser.js';
import { postJson, signUp } from './support/session.js';
import { chooseOption } from './support/select.js';
import { waitForCount, takenOver } from './support/wait.js';
import { toast } from './support/toast.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A real 16×16 PNG (blue gradient): the server checks uploads by their content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAB1ElEQVR42g3LIbKGIBSA0beZPxKNRCKRaHIIBsd0k2MgMKabHIPBMZlIJhIr+jbxPP38/QbMQDdgB9yAHwgD/UAcmAZkYB3IAzpwDFwDf78RM9KN2BE34kfCSD8SR6YRGVlH8oiOHCPX+IUZM9PN2Bk342fCTD8TZ6YZmVln8ozOHDPX/AXBCJ1gBSd4IQi9EIVJEGEVsqDCIVzyhQWz0C3YBbfgF8JCvxAXpgVZWBfygi4cC9fyhYRJdAmbcAmfCIk+ERNTQhJrIic0cSSu9IUNs9Ft2A234TfCRr8RN6YN2Vg38oZuHBvX9gXFKJ1iFad4JSi9EpVJEWVVsqLKoVz6hR2z0+3YHbfjd8JOvxN3ph3ZWXfyju4cO9f+hRNz0p3YE3fiT8JJfxJPphM5WU/yiZ4cJ9f5hRtz093YG3fjb8JNfxNvphu5WW/yjd4cN9f9hQfz0D3YB/fgH8JD/xAfpgd5WB/ygz4cD9fzhYIpdAVbcAVfCIW+EAtTQQprIRe0cBSu8oUX89K92Bf34l/CS/8SX6YXeVlf8ou+HC/X+4WKqXQVW3EVXwmVvhIrU0UqayVXtHJUrvqFhml0DdtwDd8Ijb4RG1NDGmsjN7RxNK7GPxyy3BDv4bMVAAAAAElFTkSuQmCC',
  'base64',
);

async function addItem(page: Page, item: object): Promise<{ id: string }> {
  const res = await postJson(page, '/api/inventory', item);
  if (res.status >= 300) throw new Error(`add item failed: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as { id: string };
}

async function addLocation(page: Page, name: string): Promise<void> {
  const res = await postJson(page, '/api/locations', { name, type: 'Storage' });
  if (res.status >= 300) throw new Error(`add location failed: ${res.status} ${res.text}`);
}

const card = (page: Page, name: string) => page.getByTestId('item-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The per-location quantities a card lists, e.g. { 'Warehouse A': '5' }. */
async function stockByLocation(itemCard: Locator): Promise<Record<string, string>> {
  const rows = await itemCard.getByTestId('location-stock').allInnerTexts();
  const pairs = rows.map((row) => row.split('\n').map((part) => part.trim())).map(([name, quantity]) => [name, quantity] as const);
  return Object.fromEntries(pairs.sort(([a], [b]) => a.localeCompare(b)));
}

async function waitForStockByLocation(itemCard: Locator, expected: Record<string, string>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: Record<string, string> = {};
  while (Date.now() < deadline) {
    last = await stockByLocation(itemCard);
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected ${JSON.stringify(expected)}, still ${JSON.stringify(last)}`);
}

/**
 * Alerts are raised by a background worker (event consumer, then a queued job) and polled every
 * 30 s: reload until the bell shows one. The worker can take a while when the machine is busy.
 */
async function waitForAlertBell(page: Page, name: RegExp, timeoutMs = 90_000): Promise<Locator> {
  const bell = page.getByRole('button', { name });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await bell.waitFor({ timeout: 5_000 });
      return bell;
    } catch {
      await page.reload();
    }
  }
  throw new Error(`no alert bell matching ${name} within ${timeoutMs} ms`);
}

describe('inventory screen', () => {
  it('adds an item with an image, moves stock, raises and clears a low-stock alert', async () => {
    const { page } = await signUp(browser, '/inventory');
    await page.getByRole('heading', { name: 'Inventory Management', level: 2 }).waitFor();
    await page.getByText('Get started by adding your first inventory item').waitFor();
    await screenshot(page, 'inventory-empty');
    const category = await postJson(page, '/api/categories', { name: 'Power Tools' });
    expect(category.status).toBe(201);
    await page.reload();

    await page.getByRole('button', { name: 'Add Your First Item' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Inventory Item' });
    // The form is loaded with the dialog: submit once its fields are there, or nothing is validated.
    await add.getByLabel('Item Name').waitFor();
    await add.getByRole('button', { name: 'Add Item' }).click();
    await add.getByText('Item name is required').waitFor();
    await add.getByText('Unit price is required').waitFor();

    await add.getByLabel('Item Name').fill('Cordless Drill');
    await add.getByLabel('SKU').fill('DRL-001');
    await add.getByLabel('Description').fill('18V with two batteries');
    await add.getByLabel('Unit Price').fill('89.99');
    await add.getByLabel('Initial Stock').fill('10');
    await add.getByLabel('Reorder Level').fill('5');
    await chooseOption(add, 'Category', 'Power Tools');
    // A scanner types the barcode and Enter into the Barcodes field.
    await add.getByLabel('Barcodes').fill('4006381333931');
    await add.getByLabel('Barcodes').press('Enter');

    const fileInput = add.locator('input[type=file]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await toast(page, 'Invalid file type');
    await fileInput.setInputFiles({ name: 'drill.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, 'Image uploaded successfully');
    await add.getByTestId('image-preview').waitFor();
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'inventory-add-dialog');
    await add.getByRole('button', { name: 'Add Item' }).click();
    await toast(page, 'Item Added');
    await add.waitFor({ state: 'hidden' });

    const drill = card(page, 'Cordless Drill');
    await drill.getByText(/SKU: DRL-001 · Code: [0-9A-Z]{10}/).waitFor();
    await drill.getByText('Barcode: 4006381333931').waitFor();
    await drill.getByText('In Stock', { exact: true }).waitFor();
    await drill.getByText('$89.99').waitFor();
    await drill.getByText('Power Tools').waitFor();
    await drill.getByRole('img', { name: 'Cordless Drill' }).waitFor();
    // The image is served back through the session (not a broken link).
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=item-card] img');
      return img !== null && img.complete && img.naturalWidth === 16;
    });
    // textContent, not innerText: a card off the screen is not rendered (content-visibility, ResponsiveGrid),
    // and Chromium's innerText of it is empty.
    expect(await drill.getByTestId('current-stock').textContent()).toBe('10');

    // Stock in: required fields first, then 5 more.
    await drill.getByRole('button', { name: 'Update stock of Cordless Drill' }).click();
    const stock = page.getByRole('dialog', { name: 'Update Stock - Cordless Drill' });
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await toast(page, 'Please fill in all required fields');
    await stock.getByLabel('Quantity').fill('5');
    await stock.getByLabel('Reason').fill('Delivery from supplier');
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await toast(page, 'Stock Updated');
    await stock.waitFor({ state: 'hidden' });
    await drill.getByTestId('current-stock').getByText('15', { exact: true }).waitFor();

    // Stock out to 4: at or below the reorder level of 5.
    await drill.getByRole('button', { name: 'Update stock of Cordless Drill' }).click();
    await chooseOption(stock, 'Movement Type', 'Stock Out');
    await stock.getByLabel('Quantity').fill('11');
    await stock.getByLabel('Reason').fill('Sold');
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await stock.waitFor({ state: 'hidden' });
    await drill.getByTestId('current-stock').getByText('4', { exact: true }).waitFor();
    await drill.getByText('Low Stock', { exact: true }).waitFor();

    // The low-stock alert reaches the top-bar bell; marking it read empties the bell.
    const bell = await waitForAlertBell(page, /^Low stock alerts, 1 unread$/);
    await bell.click();
    await page.getByRole('button', { name: 'Mark alert for Cordless Drill as read' }).click();
    await page.getByRole('button', { name: 'Low stock alerts', exact: true }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    // Reorder level: the warning shows while the level is at or above the stock.
    await drill.getByRole('button', { name: 'Edit reorder level of Cordless Drill' }).click();
    const reorder = page.getByRole('dialog', { name: 'Edit Reorder Level' });
    await reorder.getByText('Alert will trigger when stock falls to or below this level.').waitFor();
    await reorder
      .getByText('This will trigger a low stock alert since current stock (4) is at or below the new reorder level (5).')
      .waitFor();
    await reorder.getByLabel('Reorder Level').fill('2');
    await waitForCount(reorder.getByText(/This will trigger a low stock alert/), 0);
    await reorder.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Reorder Level Updated');
    await drill.getByTestId('reorder-level').getByText('2', { exact: true }).waitFor();
    await drill.getByText('In Stock', { exact: true }).waitFor();

    // Full edit of the details.
    await drill.getByRole('button', { name: 'Edit Cordless Drill' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item - Cordless Drill' });
    expect(await edit.getByLabel('SKU').inputValue()).toBe('DRL-001');
    await edit.getByLabel('Unit Price').fill('94.50');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Item Updated');
    await drill.getByText('$94.50').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await screenshot(page, 'inventory-item');
  }, 240_000);

  it('transfers stock between locations and undoes the transfer from the history', async () => {
    const { page } = await signUp(browser, '/inventory');
    await addLocation(page, 'Warehouse A');
    await addLocation(page, 'Warehouse B');
    await addItem(page, { name: 'Pallet Jack', sku: 'PJ-1', unitPrice: '250.00' });
    await page.reload();
    const jack = card(page, 'Pallet Jack');
    await jack.waitFor();

    await jack.getByRole('button', { name: 'Update stock of Pallet Jack' }).click();
    const stock = page.getByRole('dialog', { name: 'Update Stock - Pallet Jack' });
    await stock.getByLabel('Quantity').fill('8');
    await stock.getByLabel('Reason').fill('Received');
    await chooseOption(stock, 'Location', 'Warehouse A');
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await toast(page, 'Stock Updated');
    await waitForStockByLocation(jack, { 'Warehouse A': '8' });

    await jack.getByRole('button', { name: 'More actions for Pallet Jack' }).click();
    await page.getByRole('menuitem', { name: 'Transfer' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer Stock - Pallet Jack' });
    await chooseOption(transfer, 'To Location', 'Warehouse A');
    await transfer.getByLabel('Quantity').fill('3');
    await transfer.getByLabel('Reason').fill('Rebalance');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await transfer.getByText('Choose two different locations for a transfer').waitFor();
    await chooseOption(transfer, 'To Location', 'Warehouse B');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await toast(page, 'Stock Transferred');
    await waitForStockByLocation(jack, { 'Warehouse A': '5', 'Warehouse B': '3' });
    expect(await jack.getByTestId('current-stock').textContent()).toBe('8');

    await jack.getByRole('button', { name: 'More actions for Pallet Jack' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History - Pallet Jack' });
    const movements = history.getByTestId('movement');
    await waitForCount(movements, 2);
    const transferEntry = movements.first();
    await transferEntry.getByText('Warehouse A → Warehouse B').waitFor();
    await transferEntry.getByText('Rebalance').waitFor();
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'inventory-history');
    await transferEntry.getByRole('button', { name: 'Undo transferred of 3' }).click();
    await toast(page, 'Movement Undone');
    await waitForCount(movements, 3);
    await movements.nth(1).getByText('Undone', { exact: true }).waitFor();
    await waitForStockByLocation(jack, { 'Warehouse A': '8' });

    // Undoing the receipt would take back 8 that are no longer there: the server's 409 message shows.
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    await jack.getByRole('button', { name: 'Update stock of Pallet Jack' }).click();
    await chooseOption(stock, 'Movement Type', 'Stock Out');
    await stock.getByLabel('Quantity').fill('8');
    await stock.getByLabel('Reason').fill('Sold out');
    await chooseOption(stock, 'Location', 'Warehouse A');
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await toast(page, 'Stock Updated');
    await jack.getByText('Out of Stock', { exact: true }).waitFor();
    await jack.getByRole('button', { name: 'More actions for Pallet Jack' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    await waitForCount(movements, 4);
    await movements.last().getByRole('button', { name: 'Undo added of 8' }).click();
    await page
      .locator('.ant-notification-notice')
      .getByText(/^Cannot undo this movement/)
      .first()
      .waitFor();
    expect(await jack.getByTestId('current-stock').textContent()).toBe('0');
  }, 120_000);

  it('receives into a dated lot, shows its expiry, filters by it, and takes a named lot out', async () => {
    const { page } = await signUp(browser, '/inventory');
    await addItem(page, { name: 'Fresh Milk', unitPrice: '1.20' });
    await addItem(page, { name: 'Tinned Beans', unitPrice: '0.80', currentStock: 12 });
    await page.reload();
    const milk = card(page, 'Fresh Milk');
    await milk.waitFor();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    const receive = async (quantity: string, lot: string, expiresOn: string) => {
      await milk.getByRole('button', { name: 'Update stock of Fresh Milk' }).click();
      const stock = page.getByRole('dialog', { name: 'Update Stock - Fresh Milk' });
      await stock.getByLabel('Quantity').fill(quantity);
      await stock.getByLabel('Reason').fill('Morning delivery');
      await stock.getByLabel('Lot (optional)').fill(lot);
      await stock.getByLabel('Expires on').fill(expiresOn);
      await stock.getByRole('button', { name: 'Update Stock' }).click();
      await toast(page, 'Stock Updated');
      await stock.waitFor({ state: 'hidden' });
    };
    await receive('6', 'M-12', day(3));
    await receive('4', 'M-13', day(9));
    await milk.getByTestId('expiry-tag').getByText('Expires in 3 days').waitFor();
    expect(await milk.getByTestId('lot-stock').allInnerTexts()).toEqual([`M-12 · ${day(3)}\n6`, `M-13 · ${day(9)}\n4`]);
    expect(await card(page, 'Tinned Beans').getByTestId('expiry-tag').count()).toBe(0);

    // The expiry filter: within the 7 warning days, or past.
    await chooseOption(page, 'Expiry', 'Expiring soon');
    await waitForCount(page.getByTestId('item-card'), 1);
    await milk.waitFor();
    await screenshot(page, 'inventory-expiring');
    await chooseOption(page, 'Expiry', 'Expired');
    await page.getByText('Try adjusting your filters or search query').waitFor();
    await chooseOption(page, 'Expiry', 'Any expiry');
    await waitForCount(page.getByTestId('item-card'), 2);

    // Naming the later lot takes from it, not from the earliest expiry.
    await milk.getByRole('button', { name: 'Update stock of Fresh Milk' }).click();
    const stock = page.getByRole('dialog', { name: 'Update Stock - Fresh Milk' });
    // The dialog's opening animation done: an option clicked while the list still moves can miss.
    await waitForAnimationsToSettle(page);
    await chooseOption(stock, 'Movement Type', 'Stock Out');
    await stock.getByLabel('Quantity').fill('4');
    await stock.getByLabel('Reason').fill('Café order');
    await chooseOption(stock, 'Lot', 'M-13');
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await toast(page, 'Stock Updated');
    await waitForCount(milk.getByTestId('lot-stock'), 1);
    expect(await milk.getByTestId('lot-stock').allInnerTexts()).toEqual([`M-12 · ${day(3)}\n6`]);

    await milk.getByRole('button', { name: 'More actions for Fresh Milk' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History - Fresh Milk' });
    await history
      .getByTestId('movement-lots')
      .first()
      .getByText(`4 × M-13 exp. ${day(9)}`)
      .waitFor();
  }, 120_000);

  it('searches, filters by stock status, shows the empty states and archives', async () => {
    const { page } = await signUp(browser, '/dashboard');
    await addItem(page, { name: 'Alpha Widget', sku: 'AW-1', unitPrice: '5.00', currentStock: 10, reorderLevel: 2 });
    await addItem(page, { name: 'Beta Bolt', sku: 'BB-2', unitPrice: '0.25', currentStock: 1, reorderLevel: 5 });
    await addItem(page, { name: 'Gamma Gear', sku: 'GG-3', unitPrice: '12.00', currentStock: 0, reorderLevel: 1 });

    // Hold the first list answer back to see the 8 loading cards (on the way there from another
    // screen the app has taken over: a page load comes rendered by the gateway with its list).
    await takenOver(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isList = (url: URL) => url.pathname === '/api/inventory';
    await page.route(isList, async (route) => {
      await held;
      // The app may have given up on the request meanwhile (navigation, cancelled query).
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Items' }).click();
    await waitForCount(page.getByTestId('card-skeleton'), 8);
    release();
    await page.unroute(isList);
    const cards = page.getByTestId('item-card');
    await waitForCount(cards, 3);
    await page.getByText('3 items').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'inventory');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const search = page.getByLabel('Search items');
    await search.fill('bolt');
    await waitForCount(cards, 1);
    await card(page, 'Beta Bolt').waitFor();
    await search.fill('gg-3');
    await waitForCount(cards, 1);
    await card(page, 'Gamma Gear').waitFor();
    // A whole short code finds its item too (what a scanner would type).
    const code = (await card(page, 'Gamma Gear').getByTestId('item-code').textContent())?.trim() ?? '';
    await search.fill('');
    await waitForCount(cards, 3);
    await search.fill(code.toLowerCase());
    await waitForCount(cards, 1);
    await card(page, 'Gamma Gear').waitFor();
    await search.fill('nothing like this');
    await page.getByText('No items found').waitFor();
    await page.getByText('Try adjusting your filters or search query').waitFor();
    expect(await page.getByRole('button', { name: 'Add Your First Item' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await waitForCount(cards, 3);

    for (const [status, name] of [
      ['Low Stock', 'Beta Bolt'],
      ['Out of Stock', 'Gamma Gear'],
      ['In Stock', 'Alpha Widget'],
    ] as const) {
      await chooseOption(page, 'Stock status', status);
      await card(page, name).waitFor();
      await waitForCount(cards, 1);
    }
    await search.fill('beta');
    await page.getByText('Try adjusting your filters or search query').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await waitForCount(cards, 3);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card(page, 'Gamma Gear').getByRole('button', { name: 'More actions for Gamma Gear' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByRole('dialog', { name: 'Archive Gamma Gear?' }).getByRole('button', { name: 'Archive' }).click();
    await toast(page, 'Item Archived');
    await waitForCount(cards, 2);
  }, 120_000);

  it('pages through the list on the server, 24 cards at a time', async () => {
    const { page } = await signUp(browser, '/dashboard');
    // One after the other: each write fetches a CSRF token, and a new token replaces the last.
    for (let index = 1; index <= 25; index += 1) {
      await addItem(page, { name: `Bulk Item ${String(index).padStart(2, '0')}`, unitPrice: '1.00' });
    }
    await page.goto('/inventory');
    const cards = page.getByTestId('item-card');
    await waitForCount(cards, 24);
    await page.getByText('25 items').waitFor();
    await page.getByRole('listitem', { name: '2' }).click();
    await waitForCount(cards, 1);
    await page.getByLabel('Search items').fill('bulk item 1');
    // A new search starts again on the first page: Bulk Item 10 to 19.
    await waitForCount(cards, 10);
    await page.getByText('10 items').waitFor();
  });

  it("labels a common search's total as at least so many past 200 matches, and counts on when paged there", async () => {
    const { page } = await signUp(browser, '/dashboard');
    const bolts = 230;
    // In the page, 16 at a time with one CSRF token: hundreds of writes one by one would take a while.
    const made = await page.evaluate(async (count) => {
      const { token } = (await (await fetch('/api/auth/csrf', { credentials: 'include' })).json()) as { token: string };
      let next = 0;
      let ok = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let i = next++; i < count; i = next++) {
            const res = await fetch('/api/inventory', {
              method: 'POST',
              credentials: 'include',
              headers: { 'content-type': 'application/json', 'x-csrf-token': token },
              body: JSON.stringify({ name: `Bolt ${i}`, unitPrice: '1.00' }),
            });
            if (res.ok) ok += 1;
          }
        }),
      );
      return ok;
    }, bolts);
    expect(made).toBe(bolts);
    await page.goto('/inventory');
    await page.getByText('230 items').waitFor();
    await page.getByLabel('Search items').fill('bolt');
    // A search counts up to 200 past the page of 24 (docs/api.md), and says so.
    await page.getByText('224+ items').waitFor();
    await screenshot(page, 'inventory-search-capped');
    // On the last page offered the count reaches the end: exact again, with that page's 14 cards.
    await page.getByRole('listitem', { name: '10' }).click();
    await page.getByText('230 items').waitFor();
    await waitForCount(page.getByTestId('item-card'), 14);
  });

  it('picks a place out of many by searching on the server, and shows only the first 50 untyped', async () => {
    const { page } = await signUp(browser, '/inventory');
    for (let bin = 1; bin <= 60; bin += 1) await addLocation(page, `Bin ${String(bin).padStart(2, '0')}`);
    await addItem(page, { name: 'Hex Key', unitPrice: '2.00' });
    await page.reload();
    await card(page, 'Hex Key').getByRole('button', { name: 'Update stock of Hex Key' }).click();
    const stock = page.getByRole('dialog', { name: 'Update Stock - Hex Key' });
    await waitForAnimationsToSettle(page);
    await stock.getByRole('combobox', { name: 'Location', exact: true }).click();
    const popup = page.locator('.ant-select-dropdown:visible');
    await popup.getByText('More places match: type to narrow the list.').waitFor();
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'location-picker-many');
    await stock.getByRole('combobox', { name: 'Location', exact: true }).fill('bin 57');
    await waitForCount(popup.locator('.ant-select-item-option'), 1);
    await popup.locator('.ant-select-item-option').filter({ hasText: 'Bin 57' }).click();
    await stock.getByLabel('Quantity').fill('4');
    await stock.getByLabel('Reason').fill('Received');
    await stock.getByRole('button', { name: 'Update Stock' }).click();
    await toast(page, 'Stock Updated');
    await waitForStockByLocation(card(page, 'Hex Key'), { 'Bin 57': '4' });

    // Opened again, the chosen place shows by name though it is not among the first 50.
    await card(page, 'Hex Key').getByRole('button', { name: 'Update stock of Hex Key' }).click();
    await stock.getByRole('combobox', { name: 'Location', exact: true }).click();
    await popup.getByText('Bin 57 (4 in stock)').waitFor();
  });

  it('filters the list by category and by place, both picked by searching on the server', async () => {
    const { page } = await signUp(browser, '/inventory');
    const paint = JSON.parse((await postJson(page, '/api/categories', { name: 'Paint' })).text) as { id: string };
    const van = JSON.parse((await postJson(page, '/api/locations', { name: 'Van', type: 'Storage' })).text) as { id: string };
    await addItem(page, { name: 'Primer', unitPrice: '9.00', categoryId: paint.id });
    const ladder = await addItem(page, { name: 'Ladder', unitPrice: '60.00' });
    await addItem(page, { name: 'Rag', unitPrice: '0.50' });
    // Stock at the van, not its home: the filter takes both (items "at a place").
    await postJson(page, `/api/inventory/${ladder.id}/stock`, { quantity: 2, movementType: 'in', reason: 'r', locationId: van.id });
    await page.reload();
    const cards = page.getByTestId('item-card');
    await waitForCount(cards, 3);
    await chooseOption(page, 'Category filter', 'Paint');
    await waitForCount(cards, 1);
    await card(page, 'Primer').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await waitForCount(cards, 3);
    await chooseOption(page, 'Location filter', 'Van');
    await waitForCount(cards, 1);
    await card(page, 'Ladder').waitFor();
  });

  it('shows a sortable table with the columns one chose, and remembers both after a reload', async () => {
    const { page } = await signUp(browser, '/dashboard');
    for (const [name, sku, unitPrice, currentStock] of [
      ['Wrench', 'WR-2', '14.00', 9],
      ['anvil', 'AN-1', '120.00', 1],
      ['Chisel', null, '7.50', 30],
    ] as const) {
      await addItem(page, { name, sku, unitPrice, currentStock });
    }
    await page.goto('/inventory');
    await waitForCount(page.getByTestId('item-card'), 3);
    await page.locator('.ant-segmented-item').filter({ hasText: 'Table' }).click();
    // One table to a screen reader, though antd draws the header and the virtual rows apart.
    const table = page.getByRole('table', { name: 'Items' });
    const names = () => table.getByRole('cell').locator('strong').allInnerTexts();
    const expectNames = async (expected: string[]) => {
      for (let tries = 0; JSON.stringify(await names()) !== JSON.stringify(expected) && tries < 50; tries++) await page.waitForTimeout(100);
      expect(await names()).toEqual(expected);
    };
    // Newest first until a header is clicked; names sort case-insensitively, on the server.
    await expectNames(['Chisel', 'anvil', 'Wrench']);
    await table.getByRole('columnheader', { name: 'Name' }).click();
    await expectNames(['anvil', 'Chisel', 'Wrench']);
    await table.getByRole('columnheader', { name: 'Name' }).click();
    await expectNames(['Wrench', 'Chisel', 'anvil']);
    await table.getByRole('columnheader', { name: 'Unit price' }).click();
    await expectNames(['Chisel', 'Wrench', 'anvil']);
    expect(await table.getByRole('row').filter({ hasText: 'anvil' }).innerText()).toContain('$120.00');
    expect(await table.getByRole('row').count()).toBe(4);
    await screenshot(page, 'inventory-table');

    // Hide the SKU column: gone at once, and still gone (in the table view) after a reload.
    await expect(table.getByRole('columnheader', { name: 'SKU' }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'SKU' }).uncheck();
    await page.getByRole('checkbox', { name: 'Added' }).check();
    await waitForCount(table.getByRole('columnheader', { name: 'SKU' }), 0);
    await page.reload();
    // The header's table gets its name from the app (ItemTable's layout effect).
    await takenOver(page);
    await table.getByRole('columnheader', { name: 'Added' }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'SKU' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A row's actions are the card's: the stock dialog opens for that item.
    await table.getByRole('button', { name: 'Update stock of Wrench' }).click();
    const stockDialog = page.getByRole('dialog', { name: 'Update Stock - Wrench' });
    await stockDialog.waitFor();
    await page.keyboard.press('Escape');
    await stockDialog.waitFor({ state: 'hidden' });

    // On a phone the table scrolls sideways inside itself; the page does not.
    await page.setViewportSize({ width: 375, height: 812 });
    await table.getByRole('columnheader', { name: 'Added' }).waitFor();
    await waitForAnimationsToSettle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'mobile-inventory-table');
  });

  it('asks for the next page after the last item of the page before it', async () => {
    const { page } = await signUp(browser, '/dashboard');
    for (let i = 0; i < 30; i++) await addItem(page, { name: `Bolt ${String(i).padStart(2, '0')}`, unitPrice: '0.10' });
    await page.goto('/inventory');
    const cards = page.getByTestId('item-card');
    await waitForCount(cards, 24);
    const listCall = () => page.waitForRequest((req) => new URL(req.url()).pathname === '/api/inventory');
    const step = async (go: () => Promise<void>) => new URL((await Promise.all([listCall(), go()]))[0].url()).searchParams;

    // Newest first: page 2 holds the 6 oldest, asked for after page 1's last card (docs/reports.md, "At scale").
    const second = await step(() => page.locator('.ant-pagination-next').click());
    expect([second.get('offset'), second.get('after')]).toEqual(['24', expect.any(String)]);
    await waitForCount(cards, 6);
    await card(page, 'Bolt 00').waitFor();
    // Page 1 again, from the start.
    await page.locator('.ant-pagination-item-1').click();
    await waitForCount(cards, 24);
    await card(page, 'Bolt 29').waitFor();
  });

  it('opens the same add dialog from the dashboard quick action', async () => {
    const { page } = await signUp(browser, '/dashboard');
    await page.getByRole('button', { name: 'Add New Item' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Inventory Item' });
    await add.getByLabel('Item Name').fill('Quick Tape');
    await add.getByLabel('Unit Price').fill('3.10');
    await add.getByRole('button', { name: 'Add Item' }).click();
    await toast(page, 'Item Added');
    await add.waitFor({ state: 'hidden' });
    await page.goto('/inventory');
    await card(page, 'Quick Tape').waitFor();
  });

  it('fits 375 px in one column without sideways scrolling', async () => {
    const { page } = await signUp(browser, '/dashboard', MOBILE);
    await addLocation(page, 'Van');
    await addItem(page, { name: 'Spirit Level', sku: 'SL-9', unitPrice: '18.75', currentStock: 3, reorderLevel: 4 });
    await addItem(page, { name: 'Tape Measure', sku: 'TM-5', unitPrice: '7.20', currentStock: 12, reorderLevel: 2 });
    await page.goto('/inventory');
    const cards = page.getByTestId('item-card');
    await waitForCount(cards, 2);
    await page.waitForLoadState('networkidle');
    const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'mobile-inventory');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card(page, 'Spirit Level').getByRole('button', { name: 'Update stock of Spirit Level' }).click();
    await page.getByRole('dialog', { name: 'Update Stock - Spirit Level' }).waitFor();
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'mobile-inventory-stock-dialog');
  });
});
