import type { Browser } from 'playwright-core';
import { waitForAnimationsToSettle } from './support/animations.js';
import { DESKTOP, launchBrowser, MOBILE, screenshot, seriousA11yViolations } from './support/browser.js';
import { signUp } from './support/session.js';
import { toast } from './support/toast.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('account settings', () => {
  it('updates the profile and uploads a photo', async () => {
    const { page, user } = await signUp(browser, '/account');
    await page.getByRole('heading', { name: 'Account Settings', level: 2 }).waitFor();
    await page.getByText('JPG, PNG or GIF. Max size 2MB.').waitFor();
    await expect(page.getByLabel('Email Address').inputValue()).resolves.toBe(user.email);

    await page.getByLabel('Full Name').fill('Renamed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully');
    await page.locator('aside, .ant-drawer, nav').getByText(`Renamed ${user.lastName}`).first().waitFor();

    // A file that is not an image is refused before upload.
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await toast(page, 'Invalid file type');

    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await toast(page, 'Profile photo updated');
    await page.locator('main img[alt$="profile picture"]').waitFor();
    // Audited at rest: a toast still fading in has, for a moment, too little contrast.
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'account-profile');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('saves notification preferences to the server', async () => {
    const { page } = await signUp(browser, '/account');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const email = page.getByRole('switch', { name: 'Email Notifications' });
    await email.waitFor();
    await expect(email.getAttribute('aria-checked')).resolves.toBe('false');
    await expect(page.getByRole('switch', { name: 'Low Stock Alerts' }).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByRole('switch', { name: 'Expiry Notifications' }).getAttribute('aria-checked')).resolves.toBe('true');
    // Saved on by default, but shown off: this browser has not been allowed to notify (web/e2e/notifications.e2e.ts).
    await expect(page.getByRole('switch', { name: 'Push Notifications' }).getAttribute('aria-checked')).resolves.toBe('false');
    await email.click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await toast(page, 'Preferences saved');
    await screenshot(page, 'account-notifications');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.locator('[role=switch][aria-checked=true]').nth(2).waitFor();
    await expect(page.getByRole('switch', { name: 'Email Notifications' }).getAttribute('aria-checked')).resolves.toBe('true');
  });

  it('shows the security tab and logs out from all devices', async () => {
    const { page } = await signUp(browser, '/account');
    const other = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const otherPage = await other.newPage();
    await other.addCookies(await page.context().cookies());
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByText('You sign in with your email address and password.').waitFor();
    await screenshot(page, 'account-security');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Logout from all devices' }).click();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.getByRole('heading', { name: 'Smart Inventory Management for Modern Businesses' }).waitFor();
    // The copied session (another device) has ended too.
    await otherPage.goto('/');
    const status = await otherPage.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);
    expect(status).toBe(401);
  });

  it('asks before signing out when the browser follows a link to /api/logout', async () => {
    const { page } = await signUp(browser, '/dashboard');
    await page.goto('/api/logout');
    await page.waitForURL('**/logout');
    await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
    await page.getByRole('heading', { name: 'Sign Out', level: 1 }).waitFor();
    await screenshot(page, 'logout-confirm');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'logout-confirm-mobile');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/api/logout');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Smart Inventory Management for Modern Businesses' }).waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);
  });

  it('shows the shared demo profile without letting a visitor change it', async () => {
    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:23000' })).newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      const { token } = await (await fetch('/api/auth/csrf')).json();
      await fetch('/api/auth/demo-login', { method: 'POST', headers: { 'x-csrf-token': token } });
    });
    await page.goto('/account');
    await page.getByText('The demo account cannot be changed: every visitor of the demo shares this profile.').waitFor();
    expect(await page.getByLabel('Full Name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Change Photo' }).isDisabled()).toBe(true);
    await screenshot(page, 'account-demo-locked');
  });
});
