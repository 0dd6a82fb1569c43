import type { Browser, Locator, Page } from 'playwright-core';
import { waitForAnimationsToSettle } from './support/animations.js';
import { DESKTOP, MOBILE, launchBrowser, newContext, screenshot, seriousA11yViolations } from './support/browser.js';
import { postJson, signUp, uniqueUser } from './support/session.js';
import { chooseOption } from './support/select.js';
import { reloadUntil, waitForCount } from './support/wait.js';
import { toast } from './support/toast.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function addItem(page: Page, item: object): Promise<void> {
  const res = await postJson(page, '/api/inventory', item);
  if (res.status >= 300) throw new Error(`add item failed: ${res.status} ${res.text}`);
}

const card = (page: Page, name: string) => page.getByTestId('item-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The switcher's button; its name starts with the current workspace ("Current workspace: Acme Owner"). */
const switcher = (page: Page, workspace?: string): Locator =>
  page.getByRole('button', { name: new RegExp(`^Current workspace: ${workspace ? escape(workspace) : ''}`) });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Opens the workspace menu: in the side bar on a desktop, in the navigation drawer on a phone. */
async function openSwitcher(page: Page): Promise<Locator> {
  const menuButton = page.getByRole('button', { name: 'Open navigation menu' });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await page.locator('.ant-drawer-open').getByRole('navigation', { name: 'Main navigation' }).waitFor();
  }
  await switcher(page).click();
  const menu = page.getByRole('menu', { name: 'Switch workspace' });
  await menu.waitFor();
  await waitForAnimationsToSettle(page);
  return menu;
}

/** The name of the signed-in user's own workspace (its id is theirs). */
async function personalWorkspaceName(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const me = (await (await fetch('/api/auth/user')).json()) as { id: string };
    const workspaces = (await (await fetch('/api/workspaces')).json()) as { id: string; name: string }[];
    return workspaces.find((workspace) => workspace.id === me.id)!.name;
  });
}

describe('workspaces', () => {
  it('invites a member through a link, who joins, is made a viewer and switches back to their own workspace', async () => {
    const { page: owner, user: ownerUser } = await signUp(browser, '/dashboard');
    const ownerName = `${ownerUser.firstName} ${ownerUser.lastName}`;
    const workspaceName = `Acme ${ownerUser.lastName}`;
    await addItem(owner, { name: 'Shared Ladder', sku: 'LAD-1', unitPrice: '45.00', currentStock: 3, reorderLevel: 1 });

    // The owner names the workspace and invites a second address as a member.
    await owner.goto('/workspace');
    await owner.getByRole('heading', { name: 'Workspace Settings', level: 2 }).waitFor();
    await owner.getByLabel('Workspace name').fill(workspaceName);
    await owner.getByRole('button', { name: 'Save name' }).click();
    await toast(owner, 'Workspace renamed');
    await switcher(owner, workspaceName).waitFor();

    const invitee = { ...uniqueUser('invitee'), firstName: 'Ivy' };
    const inviteeName = `${invitee.firstName} ${invitee.lastName}`;
    await owner.getByLabel('Email address').fill(invitee.email);
    await owner.getByRole('button', { name: 'Create invitation link' }).click();
    await toast(owner, 'Invitation created');
    const link = await owner.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(link).toMatch(/\/invite\/[^/?#]+$/);
    await owner.getByTestId('pending-invitation').filter({ hasText: invitee.email }).waitFor();
    await waitForAnimationsToSettle(owner);
    await screenshot(owner, 'workspace-settings');
    expect(await seriousA11yViolations(owner)).toEqual([]);
    await owner.setViewportSize(MOBILE);
    await owner.getByRole('button', { name: 'Open navigation menu' }).waitFor();
    expect(await overflow(owner)).toBeLessThanOrEqual(0);
    await screenshot(owner, 'workspace-settings-mobile');
    await owner.setViewportSize(DESKTOP);

    // Signed out, the invitee sees who invites them to what, then creates an account from there.
    const invitePath = new URL(link).pathname;
    const guest = await (await newContext(browser)).newPage();
    await guest.goto(invitePath);
    await guest.getByRole('heading', { name: `Join ${workspaceName}` }).waitFor();
    expect(await guest.getByTestId('invitation-summary').innerText()).toBe(
      `${ownerName} invited you to join ${workspaceName} as a member.`,
    );
    await guest.getByText(invitee.email).first().waitFor();
    await screenshot(guest, 'invitation');
    expect(await seriousA11yViolations(guest)).toEqual([]);
    await guest.setViewportSize(MOBILE);
    expect(await overflow(guest)).toBeLessThanOrEqual(0);
    await screenshot(guest, 'invitation-mobile');
    await guest.setViewportSize(DESKTOP);

    await guest.getByRole('button', { name: 'Create account' }).click();
    await guest.waitForURL('**/register?**');
    await guest.getByLabel('First Name').fill(invitee.firstName);
    await guest.getByLabel('Last Name').fill(invitee.lastName);
    await guest.getByLabel('Email').fill(invitee.email);
    await guest.getByLabel('Password', { exact: true }).fill(invitee.password);
    await guest.getByLabel('Confirm Password').fill(invitee.password);
    await guest.getByRole('button', { name: 'Create Account' }).click();

    // Back on the invitation, signed in: accepting moves the session into the owner's workspace.
    await guest.waitForURL(`**${invitePath}`);
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await toast(guest, `You joined ${workspaceName}`);
    await guest.waitForURL((url) => url.pathname === '/');
    await switcher(guest, workspaceName).getByText('Member', { exact: true }).waitFor();
    await guest.goto('/inventory');
    await card(guest, 'Shared Ladder').waitFor();
    await guest.getByRole('button', { name: 'Add New Item' }).waitFor();
    await guest.getByRole('button', { name: /Import$/ }).waitFor();

    // The owner makes them a viewer.
    await owner.reload();
    await chooseOption(owner, `Role of ${inviteeName}`, 'Viewer');
    await toast(owner, 'Role updated');
    await waitForCount(owner.getByTestId('pending-invitation'), 0);

    // The owner's 'Get started' card has ticked 'Invite a colleague'.
    await owner.goto('/dashboard');
    await owner.getByTestId('onboarding-invite').and(owner.locator('[data-done="true"]')).waitFor();

    // After a reload the viewer sees the same items without a single write control.
    await guest.reload();
    const ladder = card(guest, 'Shared Ladder');
    await ladder.waitFor();
    await switcher(guest, workspaceName).getByText('Viewer', { exact: true }).waitFor();
    expect(await guest.getByRole('button', { name: 'Add New Item' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: /Import$/ }).count()).toBe(0);
    expect(await ladder.getByRole('button', { name: 'Update stock of Shared Ladder' }).count()).toBe(0);
    expect(await ladder.getByRole('button', { name: 'Edit Shared Ladder' }).count()).toBe(0);
    // The history says who booked the opening stock, and offers a viewer no undo.
    await ladder.getByRole('button', { name: 'History of Shared Ladder' }).click();
    const history = guest.getByRole('dialog', { name: 'History - Shared Ladder' });
    await history.getByTestId('movement').getByText(`by ${ownerName}`, { exact: false }).first().waitFor();
    expect(await history.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    await guest.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    // On a phone, the dashboard shows the owner's activity; switching to their own workspace shows theirs.
    await guest.setViewportSize(MOBILE);
    await guest.goto('/dashboard');
    await reloadUntil(guest, async () => (await guest.getByText(`by ${ownerName}`).count()) > 0);
    expect(await guest.getByRole('button', { name: 'Add New Item' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Bulk Import' }).count()).toBe(0);
    const personal = await personalWorkspaceName(guest);
    const menu = await openSwitcher(guest);
    await menu.getByRole('menuitem', { name: new RegExp(escape(workspaceName)) }).waitFor();
    await screenshot(guest, 'workspace-switcher-mobile');
    await menu.getByRole('menuitem', { name: new RegExp(`^${escape(personal)}`) }).click();
    await toast(guest, `Switched to ${personal}`);
    await guest.getByText('No recent activity').waitFor();
    await guest.getByRole('button', { name: 'Add New Item' }).waitFor();
    await guest.goto('/inventory');
    await guest.getByText('Get started by adding your first inventory item').waitFor();
    expect(await guest.getByTestId('item-card').count()).toBe(0);
  }, 240_000);

  it('creates a workspace from the switcher, works in it and deletes it', async () => {
    const { page, user } = await signUp(browser, '/inventory');
    await addItem(page, { name: 'Home Drill', unitPrice: '60.00', currentStock: 1 });
    await page.reload();
    await card(page, 'Home Drill').waitFor();
    const personal = await personalWorkspaceName(page);

    await (await openSwitcher(page)).getByRole('menuitem', { name: 'Create workspace' }).click();
    const create = page.getByRole('dialog', { name: 'Create workspace' });
    const name = `Back Office ${user.lastName}`;
    await create.getByLabel('Workspace name').fill(name);
    await create.getByRole('button', { name: 'Create workspace' }).click();
    await toast(page, `Switched to ${name}`);
    await switcher(page, name).getByText('Owner', { exact: true }).waitFor();
    // A new workspace starts empty: the personal workspace's item is not in it.
    await page.getByText('Get started by adding your first inventory item').waitFor();
    expect(await page.getByTestId('item-card').count()).toBe(0);

    // Both workspaces are listed, the current one marked.
    const menu = await openSwitcher(page);
    await menu.getByRole('menuitem', { name: new RegExp(`^${escape(personal)}`) }).waitFor();
    await menu.getByRole('menuitem', { name: new RegExp(`^${escape(name)}.*\\(current\\)$`) }).waitFor();
    await screenshot(page, 'workspace-switcher');
    await menu.getByRole('menuitem', { name: 'Workspace settings' }).click();
    await page.waitForURL('**/workspace');
    await page.getByRole('button', { name: 'Delete workspace' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    const deleteButton = confirm.getByRole('button', { name: 'Delete workspace' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByLabel(`Type ${name} to confirm`).fill(name);
    await deleteButton.click();
    await toast(page, 'Workspace deleted');
    await page.waitForURL((url) => url.pathname === '/');
    await switcher(page, personal).waitFor();
    await page.goto('/inventory');
    await card(page, 'Home Drill').waitFor();
  }, 120_000);

  it('explains an invitation link that is not valid', async () => {
    const page = await (await newContext(browser, MOBILE)).newPage();
    await page.goto('/invite/not-a-real-invitation');
    await page.getByRole('heading', { name: 'This invitation is not valid' }).waitFor();
    await page.getByText('It may have expired, been used or been revoked.', { exact: false }).waitFor();
    await screenshot(page, 'invitation-invalid-mobile');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { name: 'Smart Inventory Management for Modern Businesses' }).waitFor();
  });
});
