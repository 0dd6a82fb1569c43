import type { Browser, Page } from 'playwright-core';
import { MOBILE, launchBrowser, screenshot } from './support/browser.js';
import { postJson, signUp } from './support/session.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Errors the page logged: a screen the app could not take over as rendered would log one (React #418). */
function consoleErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('a signed-in screen rendered by the gateway (docs/web-performance.md)', () => {
  it('is on view from the first response, with the visitor’s data, and the app takes it over as it is', async () => {
    const { page } = await signUp(browser, '/dashboard', MOBILE);
    expect((await postJson(page, '/api/inventory', { name: 'Rendered Lamp', unitPrice: '4.00', currentStock: 3 })).status).toBe(201);

    // The document alone, before any of the app's code: the screen is there.
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/inventory');
    await page.getByText('Rendered Lamp').first().waitFor();
    // Laid out for the phone the app reported on its last start (the navigation in a drawer).
    await page.getByRole('button', { name: 'Open navigation menu' }).waitFor();
    const rendered = await page.locator('#root').innerText();
    await screenshot(page, 'server-rendered-inventory-mobile');

    // With the app: the same screen, taken over without a hydration error, then working.
    await page.unroute('**/assets/**');
    const errors = consoleErrorsOf(page);
    await page.goto('/inventory', { waitUntil: 'networkidle' });
    expect(await page.locator('#root').innerText()).toBe(rendered);
    // The rendered page's styles are the ones the app looks for: none is written a second time,
    // which would restyle the whole page during the takeover.
    const styleTexts = await page.locator('style').evaluateAll((styles) => styles.map((style) => style.textContent ?? '').filter(Boolean));
    expect(styleTexts.filter((text, index) => styleTexts.indexOf(text) !== index)).toEqual([]);
    await page.getByRole('button', { name: 'Add New Item' }).click();
    await page.getByRole('dialog', { name: 'Add New Inventory Item' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('starts the app when the visitor reaches for the screen, and takes what they did meanwhile', async () => {
    const { page } = await signUp(browser, '/dashboard');
    expect((await postJson(page, '/api/inventory', { name: 'Early Lamp', unitPrice: '4.00', currentStock: 3 })).status).toBe(201);
    expect((await postJson(page, '/api/inventory', { name: 'Early Chair', unitPrice: '9.00', currentStock: 2 })).status).toBe(201);
    const errors = consoleErrorsOf(page);
    // Whether React runs the page: it keeps its root on the container element.
    const appRunning = () =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    // The app's code (main.tsx's chunk, which boot.ts imports) is held back while the rendered
    // screen is used.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto('/inventory', { waitUntil: 'load' });
    const add = page.getByRole('button', { name: 'Add New Item' });
    await add.waitFor();
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('');
    // Nobody has touched the screen: the app is not started (its scripts are only fetched while idle).
    await page.waitForTimeout(1500);
    expect(await appRunning()).toBe(false);
    // The workspace's and the user's initials are on view (antd shows them once its effect has run).
    const avatars = await page
      .locator('.ant-avatar-string')
      .evaluateAll((spans) => spans.map((span) => ({ text: span.textContent, opacity: getComputedStyle(span).opacity })));
    expect(avatars).toHaveLength(2);
    for (const avatar of avatars) expect(avatar).toEqual({ text: expect.stringMatching(/^\S{1,2}$/), opacity: '1' });

    // Typing into the search box and pressing a button on the screen as rendered: the typing
    // starts the app, and both are kept until it has taken the screen over.
    const search = page.getByRole('textbox', { name: 'Search items' });
    await search.click();
    await page.keyboard.type('lamp');
    await add.click();
    // Time enough for a takeover that was not held (a fraction of it here) to show the dialog.
    await page.waitForTimeout(1000);
    expect(await search.inputValue()).toBe('lamp');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await appRunning()).toBe(false);
    releaseApp();
    await page.getByRole('dialog', { name: 'Add New Inventory Item' }).waitFor();
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull();
    expect(await appRunning()).toBe(true);
    await page.keyboard.press('Escape');
    // The search typed before the takeover is the app's own: it filters the list.
    await page.getByText('Early Chair').waitFor({ state: 'detached' });
    expect(await search.inputValue()).toBe('lamp');
    await page.getByText('Early Lamp').first().waitFor();
    expect(errors).toEqual([]);
  });
});
