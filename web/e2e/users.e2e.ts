import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, newContext, screenshot, seriousA11yViolations } from './support/browser.js';
import { postJson, signInAsSuperAdmin, signUp, uniqueUser } from './support/session.js';
import { waitForCount } from './support/wait.js';
import { chooseOption } from './support/select.js';
import { toast } from './support/toast.js';
import { waitForDialogsToOpen } from './support/animations.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
    await chooseOption(dialog, 'Role', 'Admin');
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
    await waitForDialogsToOpen(page);
    await screenshot(page, 'users-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted successfully');
    await waitForCount(rows, 0);
  });

  it('keeps the users table pager on a phone screen', async () => {
    // 21 users who share a last name: a search shows exactly them, 20 on the first page.
    const surname = `Pager${Date.now().toString(36)}`;
    const registrar = await (await newContext(browser)).newPage();
    await registrar.goto('/');
    for (let i = 0; i < 21; i++) {
      const res = await postJson(registrar, '/api/auth/register', { ...uniqueUser('pager'), lastName: surname });
      expect(res.status).toBe(201);
    }

    const page = await signInAsSuperAdmin(browser, '/users', MOBILE);
    const card = page.locator('.ant-card').filter({ has: page.getByTestId('user-count') });
    const rows = card.locator('.ant-table-tbody tr.ant-table-row');
    await page.getByLabel('Search users').fill(surname);
    await waitForCount(rows, 20);
    const pager = card.locator('.ant-pagination');
    await pager.getByText('1–20 of 21').waitFor();
    // Below the table's sideways-scrolling region, so within the phone's width, not at the table's right end.
    const next = pager.getByRole('listitem', { name: 'Next Page' });
    await next.scrollIntoViewIfNeeded();
    const box = await next.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'users-phone-pager');
    await next.click();
    await waitForCount(rows, 1);
    await pager.getByText('21–21 of 21').waitFor();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'users-pager');
  });
});
