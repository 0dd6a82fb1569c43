import type { Browser } from 'playwright-core';
import { waitForAnimationsToSettle, waitForDialogsToOpen } from './support/animations.js';
import { MOBILE, launchBrowser, screenshot, seriousA11yViolations } from './support/browser.js';
import { postJson, signUp } from './support/session.js';
import { chooseOption } from './support/select.js';
import { waitForCount, waitForValue } from './support/wait.js';
import { toast } from './support/toast.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('categories', () => {
  it('creates, searches, edits and deletes a category', async () => {
    const { page } = await signUp(browser, '/categories');
    await page.getByRole('heading', { name: 'Categories', level: 2 }).waitFor();
    await page.getByText('No categories yet. Add your first category.').waitFor();

    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog');
    // Submit the empty form once its fields are there and the dialog has stopped growing, or the
    // click misses or nothing is validated.
    await dialog.getByLabel('Name').waitFor();
    await waitForDialogsToOpen(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Category name is required').waitFor();
    await dialog.getByLabel('Name').fill('Electronics');
    await dialog.getByLabel('Description').fill('Gadgets and cables');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Category created successfully');
    await page.getByTestId('category-card').filter({ hasText: 'Electronics' }).getByText('0 items').waitFor();

    await page.getByRole('button', { name: 'Add Category' }).click();
    await dialog.getByLabel('Name').fill('Furniture');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Category created successfully');
    await page.getByTestId('category-card').filter({ hasText: 'Furniture' }).waitFor();

    // A duplicate name is refused by the server with the create-failure toast.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await dialog.getByLabel('Name').fill('electronics');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Error creating category');
    await page.getByText('Failed to create category: A category with this name already exists').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByLabel('Search categories').fill('furn');
    await waitForCount(page.getByTestId('category-card'), 1);
    await screenshot(page, 'categories-search');
    await page.getByLabel('Search categories').fill('');
    await waitForCount(page.getByTestId('category-card'), 2);

    await page.getByRole('button', { name: 'Edit Furniture' }).click();
    // The dialog fills its form just after it opens: typing earlier would be overwritten.
    await waitForValue(dialog.getByLabel('Name'), 'Furniture');
    await dialog.getByLabel('Name').fill('Office Furniture');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Category updated successfully');
    await page.getByTestId('category-card').filter({ hasText: 'Office Furniture' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'categories');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete Office Furniture' }).click();
    await toast(page, 'Category deleted successfully');
    await waitForCount(page.getByTestId('category-card'), 1);
  });
});

describe('locations', () => {
  it('creates nested locations, filters by type, edits and deletes', async () => {
    const { page } = await signUp(browser, '/locations');
    await page.getByRole('heading', { name: 'Locations', level: 2 }).waitFor();
    await page.getByText('No locations yet. Add your first location.').waitFor();

    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog');
    // Submit the empty form once its fields are there and the dialog has stopped growing, or the
    // click misses or nothing is validated.
    await dialog.getByLabel('Name').waitFor();
    await waitForDialogsToOpen(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Location name is required').waitFor();
    await dialog.getByLabel('Name').fill('Head Office');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Location created successfully');
    await page.getByTestId('location-card').filter({ hasText: 'Head Office' }).getByText('Office', { exact: true }).waitFor();

    // A storage room inside the office, picked from the parent tree.
    await page.getByRole('button', { name: 'Add Location' }).click();
    await dialog.getByLabel('Name').fill('Supply Closet');
    await chooseOption(dialog, 'Type', 'Storage');
    await dialog.getByLabel('Parent location').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: 'Head Office (Office)' }).click();
    await screenshot(page, 'locations-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Location created successfully');
    const closet = page.getByTestId('location-card').filter({ hasText: 'Supply Closet' });
    await closet.getByText('Inside Head Office').waitFor();
    await closet.getByText('0 items').waitFor();

    // A shelf inside the closet: the tree opens branch by branch (the closet loads when its parent opens).
    const treeNode = (title: string) => page.locator('.ant-select-tree-treenode').filter({ hasText: title });
    await page.getByRole('button', { name: 'Add Location' }).click();
    await dialog.getByLabel('Name').fill('Top Shelf');
    await dialog.getByLabel('Parent location').click();
    // The tree asks for its top level again as it opens (a place was just added): the office can be
    // opened once the answer says it has places inside.
    await treeNode('Head Office (Office)').locator('.ant-select-tree-switcher:not(.ant-select-tree-switcher-noop)').click();
    await treeNode('Supply Closet (Storage)').locator('.ant-select-tree-node-content-wrapper').click();
    await screenshot(page, 'locations-dialog-branch');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Location created successfully');
    const shelf = page.getByTestId('location-card').filter({ hasText: 'Top Shelf' });
    await shelf.getByText('Inside Supply Closet').waitFor();

    // Typing searches every place; one below the place edited is refused by the server, with the reason.
    await page.getByRole('button', { name: 'Edit Supply Closet' }).click();
    await dialog.getByText('Head Office (Office)').waitFor();
    await dialog.getByLabel('Parent location').fill('top');
    await treeNode('Top Shelf (Office)').locator('.ant-select-tree-node-content-wrapper').click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('A location cannot be placed inside itself or one of its sublocations').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The dialog's Type list (kept in the DOM, hidden) also has a 'Storage' option: pick from the open one.
    await chooseOption(page, 'Filter by type', 'Storage');
    await waitForCount(page.getByTestId('location-card'), 1);
    await chooseOption(page, 'Filter by type', 'All Types');
    await waitForCount(page.getByTestId('location-card'), 3);

    await page.getByLabel('Search locations').fill('closet');
    await waitForCount(page.getByTestId('location-card'), 1);
    await page.getByLabel('Search locations').fill('');

    await page.getByRole('button', { name: 'Edit Head Office' }).click();
    await waitForValue(dialog.getByLabel('Name'), 'Head Office');
    await dialog.getByLabel('Name').fill('Main Office');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Location updated successfully');
    await closet.getByText('Inside Main Office').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'locations');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete Main Office' }).click();
    await toast(page, 'Location deleted successfully');
    await waitForCount(page.getByTestId('location-card'), 2);
    await closet.getByText('Top level').waitFor();
    await shelf.getByText('Inside Supply Closet').waitFor();
  });
});

describe('a long list of locations', () => {
  it('comes 48 cards a page, paged on the server, and a delete that empties the last page shows the one before', async () => {
    const { page } = await signUp(browser, '/locations');
    await page.getByText('No locations yet. Add your first location.').waitFor();
    const bays = Array.from({ length: 50 }, (_, i) => `Bay ${String(i + 1).padStart(2, '0')}`);
    for (const name of bays) expect((await postJson(page, '/api/locations', { name, type: 'Storage' })).status).toBe(201);
    await page.reload();
    const cards = page.getByTestId('location-card');
    await waitForCount(cards, 48);
    await page.getByText('50 locations').waitFor();
    await cards.last().getByText('Bay 48', { exact: true }).waitFor();

    await page.locator('.ant-pagination-item-2').click();
    await waitForCount(cards, 2);
    await cards.first().getByText('Bay 49', { exact: true }).waitFor();
    // The new page is read from its first card: scrolled back up to it.
    expect(await cards.first().evaluate((card) => card.getBoundingClientRect().top)).toBeLessThan(800);
    await screenshot(page, 'locations-page-2');

    for (const name of ['Bay 49', 'Bay 50']) {
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await toast(page, 'Location deleted successfully');
    }
    // 48 left: the first page again, whole, and no pager for one page.
    await waitForCount(cards, 48);
    await cards.first().getByText('Bay 01', { exact: true }).waitFor();
    // (The first page may show from the cache, pager included, until its fresh answer is in.)
    await waitForCount(page.locator('.ant-pagination'), 0);

    await page.getByLabel('Search locations').fill('bay 1');
    await waitForCount(cards, 10);
  });
});

describe('catalog screens at phone width', () => {
  it.each(['/categories', '/locations', '/reports', '/account'])('%s fits 375 px without sideways scrolling', async (path) => {
    const { page } = await signUp(browser, path, MOBILE);
    // On a phone the page title is the top bar's h1 (the page heading leaves it out); the page's
    // own chunk has loaded once the network is idle.
    await page.locator('header h1').waitFor();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `mobile${path.replace('/', '-')}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
