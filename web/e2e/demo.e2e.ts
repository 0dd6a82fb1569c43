import type { Browser, Page } from 'playwright-core';
import { MOBILE, launchBrowser, newContext, screenshot, seriousA11yViolations, type Viewport } from './support/browser.js';
import { postJson } from './support/session.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A visitor may reset once a minute (docs/demo.md): wait out what is left of the last reset's minute. */
async function mayResetNow(page: Page): Promise<void> {
  const { lastResetAt } = await page.evaluate(async () => (await fetch('/api/demo', { credentials: 'include' })).json());
  const waitMs = lastResetAt ? 61_000 - (Date.now() - Date.parse(lastResetAt)) : 0;
  if (waitMs > 0) await page.waitForTimeout(waitMs);
}

async function signInToDemo(viewport?: Viewport): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Try Demo Account' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

describe('the shared demo', () => {
  it('tells a visitor it is shared and puts the sample data back when they ask', async () => {
    const page = await signInToDemo();
    const banner = page.getByRole('region', { name: 'Shared demo' });
    await banner.getByText('This is the shared demo: other visitors see your changes.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'demo-banner-dashboard');

    // A visitor's change, as any other visitor would then see it.
    expect((await postJson(page, '/api/inventory', { name: 'Visitor’s test item', unitPrice: '1.00', currentStock: 2 })).status).toBe(201);
    await page.goto('/inventory');
    await page.getByText('Visitor’s test item').first().waitFor();

    // Another visitor, on the inventory page at the same time.
    const other = await signInToDemo();
    await other.goto('/inventory');
    await other.getByText('Visitor’s test item').first().waitFor();

    await mayResetNow(page);
    await banner.getByRole('button', { name: 'Reset demo data' }).click();
    await page.getByText('Every change made in the demo since its last reset is lost, for every visitor.').waitFor();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('The demo has its sample data again').waitFor({ timeout: 120_000 });
    // The page fetched its data again: the sample is back and the visitor's item is gone.
    await page.getByText('Wireless Mouse').first().waitFor();
    await page.getByText('Visitor’s test item').first().waitFor({ state: 'detached', timeout: 5_000 });
    const items = await page.evaluate(
      async () => (await (await fetch('/api/inventory?limit=100', { credentials: 'include' })).json()).length,
    );
    expect(items).toBe(22);

    // The other visitor's page learns of it when it is looked at again, and shows the sample too.
    await other.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await other.getByText('The demo has its sample data again').waitFor();
    await other.getByText('Wireless Mouse').first().waitFor();
    await other.getByText('Visitor’s test item').first().waitFor({ state: 'detached', timeout: 5_000 });
  }, 240_000);

  it('keeps the banner short on a phone, under the one page title', async () => {
    const page = await signInToDemo(MOBILE);
    const banner = page.getByRole('region', { name: 'Shared demo' });
    await banner.getByRole('button', { name: 'Reset demo data' }).waitFor();
    const box = await banner.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(120);
    expect(box!.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'demo-banner-phone');
  });
});
