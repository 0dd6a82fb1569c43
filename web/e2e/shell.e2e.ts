import type { Browser, Page } from 'playwright-core';
import { whileAnimating } from './support/animations.js';
import { MOBILE, launchBrowser, newContext, screenshot, seriousA11yViolations } from './support/browser.js';
import { signUp } from './support/session.js';
import { waitForCount } from './support/wait.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const topBarTitle = (page: Page, title: string) => page.getByRole('heading', { name: title, level: 1 });

describe('signed-in shell', () => {
  it('signs in with one click on the demo account and lands on the dashboard', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/login');
    await page.getByText('Choose Login Method').waitFor();

    // The email form is downloaded on demand; it still opens, and goes back to the choice.
    await page.getByRole('button', { name: 'Sign In with Email' }).click();
    await page.getByPlaceholder('Enter your email').waitFor();
    await page.getByRole('button', { name: 'Back to Login Options' }).click();

    await page.getByRole('button', { name: 'Try Demo Account' }).click();
    await page.waitForURL('**/dashboard');
    await topBarTitle(page, 'Dashboard').waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).json());
    expect(me).toMatchObject({ id: 'demo-user' });
    const panel = page.locator('aside');
    await panel.getByRole('button', { name: 'Logout' }).waitFor();
    if (me.email) await panel.getByText(me.email).first().waitFor();
    await screenshot(page, 'shell-demo-dashboard');

    // The launcher seeds the demo account's sample inventory (infra/scripts/seed-demo.mjs).
    await page.goto('/inventory');
    await page.getByText('Wireless Mouse').first().waitFor();
    await page.getByText('Head Office').first().waitFor();
    await screenshot(page, 'shell-demo-inventory');

    // It looks lived-in: 90 days of history (movements on many days, a value that changes over
    // time, alerts raised and resolved along the way) and a picture on every item.
    const lived = await page.evaluate(async () => {
      const get = async (url: string) => (await fetch(url, { credentials: 'include' })).json();
      const movements = (await get('/api/reports/movement-history?range=30days')) as { stockIn: number; stockOut: number }[];
      const values = (await get('/api/reports/value-history?range=90days')) as { totalValue: number }[];
      const items = (await get('/api/inventory?limit=100')) as { imageUrl: string | null }[];
      return {
        daysWithMovements: movements.filter((day) => day.stockIn + day.stockOut > 0).length,
        distinctValues: new Set(values.map((point) => point.totalValue)).size,
        items: items.length,
        withPicture: items.filter((item) => item.imageUrl).length,
      };
    });
    expect(lived.daysWithMovements).toBeGreaterThanOrEqual(10);
    expect(lived.distinctValues).toBeGreaterThanOrEqual(20);
    expect(lived.withPicture).toBe(lived.items);
    const picture = page.locator('img[src*="/api/images/"]').first();
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  it('opens the navigation as a drawer with an overlay at 375 px and closes it on navigation', async () => {
    const { page } = await signUp(browser, '/dashboard', MOBILE);
    await topBarTitle(page, 'Dashboard').waitFor();
    // The page title shows once, in the top bar: the page heading is left to screen readers on a
    // phone (the outline stays h1, h2, h3 as on a desktop).
    await page.getByText('Overview of your inventory').waitFor();
    const shown = await page
      .getByText('Dashboard', { exact: true })
      .evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().width > 1).length);
    expect(shown).toBe(1);
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor({ state: 'attached' });
    const menuButton = page.getByRole('button', { name: 'Open navigation menu' });
    await menuButton.waitFor();
    // No fixed sidebar on a phone: the menu lives in the drawer only.
    expect(await page.locator('aside.ant-layout-sider').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'shell-mobile-dashboard');

    await menuButton.click();
    const drawer = page.locator('.ant-drawer-open');
    const nav = drawer.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    await page.locator('.ant-drawer-open .ant-drawer-mask').waitFor();
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('true');
    // Wait for the slide-in to finish, so the audit and the screenshot see the drawer at rest.
    await page.waitForFunction(() => {
      const panel = document.querySelector('.ant-drawer-open .ant-drawer-section, .ant-drawer-open .ant-drawer-content');
      const box = panel?.getBoundingClientRect();
      return box !== undefined && box.left === 0 && box.width > 0;
    });
    await screenshot(page, 'shell-mobile-drawer');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/reports');
    await topBarTitle(page, 'Reports & Analytics').waitFor();
    await nav.waitFor({ state: 'hidden' });
    // Closed, not fading out: a fading drawer's text has too little contrast for the audit.
    await page.waitForFunction(() => (document.getElementById('mobile-navigation')?.getClientRects().length ?? 0) === 0);
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it.each([
    ['desktop', undefined],
    ['mobile', MOBILE],
  ] as const)('shows the 404 page for an unknown path while signed in (%s)', async (name, viewport) => {
    const { page } = await signUp(browser, '/no/such/page', viewport);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await topBarTitle(page, 'Page Not Found').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `shell-404-${name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('remembers the dark theme across a reload', async () => {
    const { page } = await signUp(browser, '/dashboard');
    await topBarTitle(page, 'Dashboard').waitFor();
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    await expect(theme()).resolves.toBe('light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Switch to light theme', pressed: true }).waitFor();
    await expect(theme()).resolves.toBe('dark');

    // The reloaded screen comes rendered by the gateway, dark as chosen and with the visitor's data:
    // the app asks nobody who is signed in (docs/web-performance.md).
    const userCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') userCalls.push(request.url());
    });
    await page.reload({ waitUntil: 'commit' });
    await topBarTitle(page, 'Dashboard').waitFor();
    await expect(theme()).resolves.toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme', pressed: true }).waitFor();
    await expect(theme()).resolves.toBe('dark');
    await page.waitForLoadState('networkidle');
    expect(userCalls).toHaveLength(0);
    // Pointer off the toggle, so its tooltip does not cover the screen being shot and audited.
    await page.mouse.move(640, 700);
    await screenshot(page, 'shell-dark-dashboard');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('reports at phone width', () => {
  it('shows the empty state on screen and names the Select option lists', async () => {
    const { page } = await signUp(browser, '/reports', MOBILE);
    const empty = page.getByText('No inventory data available');
    await empty.waitFor();
    const box = await empty.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByLabel('Date Range').click();
    const lastWeek = page.locator('.ant-select-item-option').filter({ hasText: 'Last 7 days' });
    await lastWeek.waitFor();
    // Audited with the option list held mid fade-out: the moment antd's unnamed listbox showed.
    await lastWeek.click();
    await whileAnimating(page, '.ant-select-dropdown.ant-slide-up-leave', async () => {
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
    await waitForCount(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'shell-mobile-reports-empty');
  });
});
