import type { Browser, Locator, Page } from 'playwright-core';
import { waitForAnimationsToSettle } from './support/animations.js';
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newContext, screenshot, seriousA11yViolations } from './support/browser.js';
import { chooseOption } from './support/select.js';
import { postJson, signUp } from './support/session.js';
import { waitForCount } from './support/wait.js';
import { toast } from './support/toast.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, name: string) => page.getByTestId('item-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

const tokenRow = (page: Page, name: string): Locator => page.getByTestId('api-token').filter({ hasText: name });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A call from outside the browser, as a script would make it: the token only, no cookie, no CSRF token. */
async function withToken(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function openTokensTab(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Account Settings', level: 2 }).waitFor();
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await page.getByRole('button', { name: 'Create token' }).waitFor();
}

describe('API tokens', () => {
  it('creates a token that a script uses on the inventory, then revokes it', async () => {
    const { page } = await signUp(browser, '/account');
    await openTokensTab(page);
    await page.getByText('No API tokens yet', { exact: true }).waitFor();
    await page.getByRole('link', { name: /Read the API documentation/ }).waitFor();

    await page.getByLabel('Token name').fill('Shop sync');
    await chooseOption(page, 'Role', 'Member');
    await chooseOption(page, 'Expires', '30 days');
    await page.getByRole('button', { name: 'Create token' }).click();
    await toast(page, 'Token created');

    // The secret is shown once, in the panel; the list knows the token only by its prefix.
    const token = await page.getByRole('textbox', { name: 'New API token' }).inputValue();
    expect(token).toMatch(/^inv_\S+$/);
    await page.getByText('it will not be shown again', { exact: false }).first().waitFor();
    await page.getByText(`curl -H "Authorization: Bearer ${token}"`, { exact: false }).waitFor();
    const row = tokenRow(page, 'Shop sync');
    await row.waitFor();
    await row.getByText('Member', { exact: true }).waitFor();
    await row.getByText('Never used', { exact: true }).waitFor();
    const prefix = (await row.getByTestId('api-token-prefix').innerText()).trim();
    expect(prefix).toMatch(/^inv_.+…$/);
    expect(token.startsWith(prefix.slice(0, -1))).toBe(true);
    expect(await row.innerText()).not.toContain(token);

    await waitForAnimationsToSettle(page);
    await screenshot(page, 'account-api-tokens');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await tokenRow(page, 'Shop sync').getByRole('button', { name: 'Revoke token Shop sync' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'account-api-tokens-mobile');
    await page.setViewportSize(DESKTOP);

    // A script reads and writes the workspace with the token alone.
    const list = await withToken(token, 'GET', '/api/inventory');
    expect(list.status).toBe(200);
    expect(JSON.parse(list.text)).toEqual([]);
    const added = await withToken(token, 'POST', '/api/inventory', { name: 'Token item', unitPrice: '1.00' });
    expect(added.status).toBe(201);

    // The person sees the script's item in the same workspace.
    await page.goto('/inventory');
    await page.reload();
    await card(page, 'Token item').waitFor();

    // Revoked, the token stops working at once.
    await page.goto('/account');
    await openTokensTab(page);
    await page.getByRole('button', { name: 'Revoke token Shop sync' }).click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await toast(page, 'Token revoked');
    await waitForCount(page.getByTestId('api-token'), 0);
    await page.getByText('No API tokens yet', { exact: true }).waitFor();
    const refused = await withToken(token, 'GET', '/api/inventory');
    expect(refused.status).toBe(401);
  }, 120_000);

  it('offers a viewer no role above their own', async () => {
    // The owner of another workspace invites the new user as a viewer; accepting moves their session there.
    const { page: owner } = await signUp(browser, '/dashboard');
    const { page, user } = await signUp(browser, '/account');
    const workspaceId = await owner.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { id: string }).id);
    const invitation = await postJson(owner, `/api/workspaces/${workspaceId}/invitations`, { email: user.email, role: 'viewer' });
    expect(invitation.status).toBeLessThan(300);
    const invitationToken = new URL((JSON.parse(invitation.text) as { url: string }).url).pathname.split('/').pop()!;
    const accepted = await postJson(page, `/api/invitations/${invitationToken}/accept`, {});
    expect(accepted.status).toBeLessThan(300);

    await page.goto('/account');
    await openTokensTab(page);
    await page.getByText('You are a viewer there', { exact: false }).waitFor();
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await waitForCount(options, 1);
    expect((await options.innerText()).trim()).toBe('Viewer');
  }, 120_000);

  it('shows the demo account the tab without letting it create a token', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      const { token } = await (await fetch('/api/auth/csrf')).json();
      await fetch('/api/auth/demo-login', { method: 'POST', headers: { 'x-csrf-token': token } });
    });
    await page.goto('/account');
    await openTokensTab(page);
    await page
      .getByText('The demo account cannot be changed: every visitor of the demo shares this account, so it cannot hold API tokens.')
      .waitFor();
    expect(await page.getByLabel('Token name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create token' }).isDisabled()).toBe(true);
    await page.getByText('No API tokens yet', { exact: true }).waitFor();
    await screenshot(page, 'account-api-tokens-demo');
  });
});
