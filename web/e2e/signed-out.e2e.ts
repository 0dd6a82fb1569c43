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
  it('sees the landing page with its headline, features and both buttons leading to /login', async () => {
    const page = await open('/');
    await page.getByRole('heading', { name: 'Smart Inventory Management for Modern Businesses' }).waitFor();
    await expect(page.getByText('Join thousands of businesses').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'landing');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Choose Login Method').waitFor();
    await screenshot(page, 'login');
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
