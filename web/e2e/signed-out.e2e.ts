import type { Browser, Page } from 'playwright-core';
import { launchBrowser, MOBILE, newContext, screenshot, seriousA11yViolations } from './support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, viewport = undefined as typeof MOBILE | undefined): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  await page.goto(path);
  return page;
}

describe('signed-out visitor', () => {
  it('sees the landing page with its headline, features and both calls to action leading to /login', async () => {
    const page = await open('/');
    await page.getByRole('heading', { name: 'Smart Inventory Management for Modern Businesses' }).waitFor();
    await expect(page.getByText('Join thousands of businesses').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'landing');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Choose Login Method').waitFor();
    await screenshot(page, 'login');
  });

  it('gets the landing and login pages painted without the app, which loads when reached for; a button pressed before that still works', async () => {
    const page = await (await newContext(browser, MOBILE)).newPage();
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    await page.goto('/login', { waitUntil: 'load' });
    await page.getByText('Choose Login Method').waitFor();
    // Rendered ahead of time (docs/web-performance.md): only the loader ran, not React or antd.
    await page.waitForTimeout(500);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((path) => /\/assets\/(boot|early-input|element-ids|hydrated-event|state|preload-helper)-/.test(path))).toBe(true);
    // Pressed while the app is still on its way: the press is kept and replayed once it has loaded.
    await page.getByRole('button', { name: 'Sign In with Email' }).click();
    await page.getByPlaceholder('Enter your email').waitFor();
    expect(scripts.length).toBeGreaterThan(5);

    // The landing page's calls to action are links: they lead to /login before the app has loaded too.
    const landing = await (await newContext(browser, MOBILE)).newPage();
    await landing.goto('/', { waitUntil: 'load' });
    await landing.getByRole('link', { name: 'Start Managing Inventory' }).click();
    await landing.waitForURL('**/login');
    await landing.getByText('Choose Login Method').waitFor();
  });

  it('gets the landing page for any unknown path', async () => {
    const page = await open('/no/such/page');
    await page.getByRole('heading', { name: 'Smart Inventory Management for Modern Businesses' }).waitFor();
  });

  it('is asked to sign in on the inventory screen', async () => {
    const page = await open('/inventory');
    await page.getByRole('button', { name: 'Sign In with the platform' }).waitFor();
  });

  it.each(['/', '/login', '/register'])('finds no serious accessibility problem on %s', async (path) => {
    const page = await open(path);
    await page.locator('main').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('sees the landing page at phone width', async () => {
    const page = await open('/', MOBILE);
    await page.getByRole('heading', { name: 'Smart Inventory Management for Modern Businesses' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'landing-mobile');
  });
});
