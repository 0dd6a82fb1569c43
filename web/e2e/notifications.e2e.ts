import type { Browser, Page } from 'playwright-core';
import { waitForAnimationsToSettle } from './support/animations.js';
import { baseUrl, DESKTOP, launchBrowser, MOBILE, screenshot, seriousA11yViolations } from './support/browser.js';
import { postJson, signUp } from './support/session.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url?: string } | null;
}

interface Channels {
  email: boolean;
  push: boolean;
  pushPublicKey: string | null;
}

/** The notifications the app's service worker shows now (system notifications, not toasts). */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data }));
  });
}

async function waitForNotification(page: Page, title: string, timeoutMs = 90_000): Promise<ShownNotification> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await shownNotifications(page)).find((notification) => notification.title === title);
    if (found) return found;
    await page.waitForTimeout(250);
  }
  throw new Error(`no notification "${title}" within ${timeoutMs} ms`);
}

/**
 * Follows the page's alert stream from now on. A change of the user's preferences ends their streams
 * (the session changed) and the browser's EventSource comes back only after its retry delay (about
 * 3 s): an alert raised in between reaches the bell when the stream reopens, but not as a system
 * notification. `steady()` resolves once the stream has been open for `steadyMs` without ending.
 */
function followAlertStream(page: Page) {
  const isStream = (url: string) => url.endsWith('/api/alerts/stream');
  // The page opened its stream as it loaded.
  let openSince: number | null = Date.now();
  page.on('response', (res) => isStream(res.url()) && (openSince = Date.now()));
  page.on('requestfinished', (req) => isStream(req.url()) && (openSince = null));
  page.on('requestfailed', (req) => isStream(req.url()) && (openSince = null));
  return {
    async steady(steadyMs = 1_000, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (openSince === null || Date.now() - openSince < steadyMs) {
        if (Date.now() > deadline) throw new Error(`the alert stream was not open for ${steadyMs} ms within ${timeoutMs} ms`);
        await page.waitForTimeout(100);
      }
    },
  };
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (path) => (await (await fetch(path, { credentials: 'include' })).json()) as T, url);
}

async function send(page: Page, url: string, body: unknown): Promise<{ id: string }> {
  const res = await postJson(page, url, body);
  if (res.status >= 300) throw new Error(`${url} failed: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as { id: string };
}

async function openNotificationsTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('switch', { name: 'Push Notifications' }).waitFor();
}

/** Hands `payload` to the app's service worker as a Web Push (DevTools' push delivery, no push service). */
async function deliverPush(page: Page, payload: object): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((candidate) => candidate.scopeURL === `${baseUrl}/` && !candidate.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data: JSON.stringify(payload) });
  await cdp.detach();
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

/** Closes the toasts, so screenshots show the page under them. */
async function closeToasts(page: Page): Promise<void> {
  await page
    .locator('.ant-notification-notice-close')
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click()));
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' });
}

const checked = async (page: Page, name: string) => (await page.getByRole('switch', { name }).getAttribute('aria-checked')) === 'true';

/** The mail catcher's inbox (maildev, MAIL_INBOX_URL): the unsubscribe link of the newest mail to `to`. */
async function unsubscribeLinkFor(to: string, timeoutMs = 90_000): Promise<string> {
  const inbox = process.env.MAIL_INBOX_URL;
  if (!inbox) throw new Error('MAIL_INBOX_URL is not set');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${inbox}/api/email`)).json()) as { to: { address: string }[]; text?: string }[];
    const mail = mails.reverse().find((candidate) => candidate.to.some((recipient) => recipient.address.toLowerCase() === to));
    const link = mail?.text?.match(/https?:\/\/\S+\/unsubscribe\?token=[\w.%-]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no email with an unsubscribe link reached ${to} within ${timeoutMs} ms`);
}

describe('notifications', () => {
  it('turns Push on after the browser allows it, and a low-stock movement shows a system notification that opens the item', async () => {
    const { page } = await signUp(browser, '/account');
    const alertStream = followAlertStream(page);
    await openNotificationsTab(page);
    const channels = await getJson<Channels>(page, '/api/notifications/channels');
    expect(channels.push).toBe(true);

    // Email: a switch when the server sends mail, else disabled with the reason.
    const email = page.getByRole('switch', { name: 'Email Notifications' });
    expect(await email.isDisabled()).toBe(!channels.email);
    expect(await page.getByText('Email is not set up on this server.').count()).toBe(channels.email ? 0 : 1);

    // Saved on by default, shown off: this browser has not been allowed to notify yet.
    expect(await checked(page, 'Push Notifications')).toBe(false);
    // What clicking "Allow" in the browser's question does (headless Chromium shows no question).
    await page.context().grantPermissions(['notifications'], { origin: baseUrl });
    await page.getByRole('switch', { name: 'Push Notifications' }).click();
    await page.locator('.ant-notification-notice').getByText('Push notifications are on', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await checked(page, 'Push Notifications')).toBe(true);
    expect((await getJson<{ push: boolean }>(page, '/api/auth/preferences')).push).toBe(true);

    // Headless Chromium has no push service to subscribe with (its contexts are off the record):
    // the app says notifications then show only while it is open. A browser that could subscribe
    // shows no warning.
    const subscribed = await page.evaluate(
      async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) !== null,
    );
    const onlyInTab = page.getByText(/Notifications will show only while Inventory Manager is open in a tab/);
    expect(await onlyInTab.count()).toBe(subscribed ? 0 : 1);
    await closeToasts(page);
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'notifications-tab');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'notifications-tab-mobile');
    await page.setViewportSize(DESKTOP);

    // A movement to below the reorder level raises an alert; the open tab shows it as a system notification.
    await alertStream.steady();
    const name = `Notified Nails ${Date.now().toString(36)}`;
    const item = await send(page, '/api/inventory', { name, sku: 'NN-1', unitPrice: '1.00', currentStock: 10, reorderLevel: 5 });
    await send(page, `/api/inventory/${item.id}/stock`, { movementType: 'out', quantity: 7, reason: 'Used on site' });
    const notification = await waitForNotification(page, `Low stock: ${name}`);
    expect(notification.body).toMatch(/^3 left, reorder level 5 · /);
    expect(notification.tag).toMatch(/^low-stock-/);
    expect(notification.data?.url).toBe(`/inventory?item=${item.id}`);

    // A Web Push for the same alert (delivered to the worker as a push service would) replaces it.
    await deliverPush(page, { title: `Low stock: ${name}`, body: 'From the server', url: notification.data!.url, tag: notification.tag });
    await waitFor(async () => {
      const same = (await shownNotifications(page)).filter((shown) => shown.tag === notification.tag);
      return same.length === 1 && same[0].body === 'From the server';
    });

    // An alert raised while the stream is down (here: held while it reconnects after a change of the
    // preferences, which ends it) still shows as a system notification once the page catches up.
    let releaseStream!: () => void;
    const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
    let reconnecting!: () => void;
    const reconnected = new Promise<void>((resolve) => (reconnecting = resolve));
    await page.route('**/api/alerts/stream', async (route) => {
      reconnecting();
      await streamHeld;
      await route.continue();
    });
    const preferences = await getJson<object>(page, '/api/auth/preferences');
    await page.evaluate(async (body) => {
      const csrf = (await (await fetch('/api/auth/csrf', { credentials: 'include' })).json()) as { token: string };
      await fetch('/api/auth/preferences', {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.token },
        body: JSON.stringify(body),
      });
    }, preferences);
    await reconnected;
    const missedName = `Missed Nails ${Date.now().toString(36)}`;
    const missed = await send(page, '/api/inventory', {
      name: missedName,
      sku: 'NN-2',
      unitPrice: '1.00',
      currentStock: 10,
      reorderLevel: 5,
    });
    await send(page, `/api/inventory/${missed.id}/stock`, { movementType: 'out', quantity: 8, reason: 'Used on site' });
    await waitFor(
      async () => (await getJson<{ itemId: string }[]>(page, '/api/alerts/low-stock')).some((alert) => alert.itemId === missed.id),
      30_000,
    );
    releaseStream();
    const missedNotification = await waitForNotification(page, `Low stock: ${missedName}`);
    expect(missedNotification.body).toMatch(/^2 left, reorder level 5 · /);
    // Told once: the stream's and the list's news of one alert are one notification.
    expect((await shownNotifications(page)).filter((shown) => shown.tag === missedNotification.tag)).toHaveLength(1);
    await page.unrouteAll({ behavior: 'wait' });

    // Its link (what a click opens, as does the email's) shows that item.
    await page.goto(notification.data!.url!);
    await page.getByText('Showing the item from your notification link.').waitFor();
    const card = page.getByTestId('item-card');
    await card.getByRole('heading', { name, exact: true }).waitFor();
    expect(await card.count()).toBe(1);
    await screenshot(page, 'inventory-notified-item');
    await page.getByRole('button', { name: 'Show all items' }).click();
    await page.waitForURL((url) => url.pathname === '/inventory' && !url.searchParams.has('item'));
    await page.getByLabel('Search items').waitFor();

    // A link to an item this workspace does not have explains itself.
    await page.goto('/inventory?item=00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: /^This item is not in / }).waitFor();
    await screenshot(page, 'inventory-notified-item-missing');

    // Off: this browser's subscription (if any) ends and the preference is saved off.
    await page.goto('/account');
    await openNotificationsTab(page);
    await page.getByRole('switch', { name: 'Push Notifications' }).click();
    await page.locator('.ant-notification-notice').getByText('Push notifications are off', { exact: true }).waitFor();
    expect(await checked(page, 'Push Notifications')).toBe(false);
    expect((await getJson<{ push: boolean }>(page, '/api/auth/preferences')).push).toBe(false);
  }, 180_000);

  it('keeps Push off, saying how to allow it, when the browser blocks notifications for the site', async () => {
    const { page } = await signUp(browser, '/account');
    // What "Block" in the browser's question (or its site settings) leaves behind.
    const cdp = await page.context().newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: baseUrl,
      browserContextId: targetInfo.browserContextId,
    });
    await page.reload();
    await openNotificationsTab(page);
    await page.getByText('Notifications are blocked for this site').waitFor();
    expect(await checked(page, 'Push Notifications')).toBe(false);

    await page.getByRole('switch', { name: 'Push Notifications' }).click();
    await page.getByText('Notifications are blocked for this site').waitFor();
    expect(await checked(page, 'Push Notifications')).toBe(false);
    await page.setViewportSize(MOBILE);
    await waitForAnimationsToSettle(page);
    await screenshot(page, 'notifications-tab-blocked-mobile');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The unsubscribe page opens signed in too (outside the app's shell, like signed out).
    await page.goto('/unsubscribe?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Stop email notifications?' }).waitFor();
  }, 120_000);

  it("shows the server's answer to an unsubscribe link that is not valid, signed out", async () => {
    const page = await (await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP })).newPage();
    await page.goto('/unsubscribe?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Stop email notifications?' }).waitFor();
    await screenshot(page, 'unsubscribe');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'unsubscribe-mobile');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Turn off email notifications' }).click();
    await page.getByRole('heading', { name: 'This unsubscribe link is not valid' }).waitFor();
    await screenshot(page, 'unsubscribe-invalid');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("turns email off from an email's unsubscribe link, without signing in", async () => {
    const { page, user } = await signUp(browser, '/account');
    const channels = await getJson<Channels>(page, '/api/notifications/channels');
    if (!channels.email || !process.env.MAIL_INBOX_URL) {
      console.warn('skipped: this server sends no email, or MAIL_INBOX_URL does not name its inbox');
      return;
    }
    await openNotificationsTab(page);
    await page.getByRole('switch', { name: 'Email Notifications' }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.locator('.ant-notification-notice').getByText('Preferences saved', { exact: true }).waitFor();

    const item = await send(page, '/api/inventory', {
      name: 'Mailed Mallets',
      sku: 'MM-1',
      unitPrice: '2.00',
      currentStock: 4,
      reorderLevel: 5,
    });
    await send(page, `/api/inventory/${item.id}/stock`, { movementType: 'out', quantity: 1, reason: 'Sold' });
    const link = new URL(await unsubscribeLinkFor(user.email.toLowerCase()));

    // The link opens the question in a browser with no session; only the button unsubscribes.
    const visitor = await (await browser.newContext({ baseURL: baseUrl, viewport: MOBILE })).newPage();
    await visitor.goto(`${link.pathname}${link.search}`);
    await visitor.getByRole('heading', { name: 'Stop email notifications?' }).waitFor();
    expect((await getJson<{ email: boolean }>(page, '/api/auth/preferences')).email).toBe(true);
    await visitor.getByRole('button', { name: 'Turn off email notifications' }).click();
    await visitor.getByRole('heading', { name: `Email notifications are off for ${user.email.toLowerCase()}` }).waitFor();
    await visitor.getByRole('link', { name: 'Account settings' }).waitFor();
    await screenshot(visitor, 'unsubscribe-done-mobile');
    expect((await getJson<{ email: boolean }>(page, '/api/auth/preferences')).email).toBe(false);
  }, 180_000);
});
