import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, seriousA11yViolations } from './support/browser.js';
import { signInAsSuperAdmin, signUp } from './support/session.js';
import { waitForCount } from './support/wait.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice').getByText(text, { exact: true }).first().waitFor();
}

describe('user management', () => {
  it('shows Access Denied to a regular user', async () => {
    const { page } = await signUp(browser, '/users');
    await page.getByText('Access Denied').waitFor();
  });

  it('lets the super admin search, edit a role and delete a user', async () => {
    // A demo sign-in makes sure the demo user exists (its delete button must be disabled).
    const demo = await (await newContext(browser)).newPage();
    await demo.goto('/');
    const demoEnabled = await demo.evaluate(
      async () => ((await (await fetch('/api/config')).json()) as { demoLoginEnabled: boolean }).demoLoginEnabled,
    );
    if (demoEnabled) {
      await demo.getByRole('link', { name: 'Get Started' }).click();
      await demo.getByRole('button', { name: /demo/i }).click();
      await demo.waitForURL('**/dashboard');
    }

    const { user } = await signUp(browser, '/dashboard');
    const page = await signInAsSuperAdmin(browser, '/users');
    await page.getByRole('heading', { name: 'User Management', level: 2 }).waitFor();
    // The users table (the page also lists every workspace, in a table of its own below).
    const rows = page
      .locator('.ant-card')
      .filter({ has: page.getByTestId('user-count') })
      .locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();

    if (demoEnabled) {
      await page.getByLabel('Search users').fill('demo');
      const demoRow = rows.filter({ hasText: 'demo-user' });
      await demoRow.waitFor();
      expect(await demoRow.getByRole('button', { name: /^Delete/ }).isDisabled()).toBe(true);
    }

    await page.getByLabel('Search users').fill(user.lastName.toUpperCase());
    await waitForCount(rows, 1);
    const row = rows.first();
    expect((await page.getByTestId('user-count').innerText()).trim()).toBe('1');
    await row.getByText(user.email).waitFor();
    await row.getByText('Set', { exact: true }).waitFor();
    await row.getByText('User', { exact: true }).waitFor();
    await row.getByText(`${user.firstName[0]}${user.lastName[0]}`.toUpperCase(), { exact: true }).waitFor();
    expect(await row.innerText()).not.toContain(user.password);
    // Every workspace, with its owners: the new user's personal one among them.
    await page
      .getByTestId('all-workspaces')
      .locator('tr')
      .filter({ hasText: user.email })
      .filter({ hasText: `${user.firstName}'s inventory` })
      .waitFor();
    await screenshot(page, 'users');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe(user.email);
    await dialog.getByLabel('First Name').fill('');
    await dialog.getByRole('button', { name: 'Update User' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByLabel('First Name').fill('Promoted');
    await dialog.getByLabel('Role').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Admin$/ })
      .click();
    await screenshot(page, 'users-edit');
    await dialog.getByRole('button', { name: 'Update User' }).click();
    await toast(page, 'User updated successfully');
    await row.getByText('Admin', { exact: true }).waitFor();
    await row.getByText(`Promoted ${user.lastName}`).waitFor();

    await row.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete User' });
    await confirm
      .getByText(`Are you sure you want to delete Promoted ${user.lastName}? This action cannot be undone and will remove all their data.`)
      .waitFor();
    await screenshot(page, 'users-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted successfully');
    await waitForCount(rows, 0);
  });
});
