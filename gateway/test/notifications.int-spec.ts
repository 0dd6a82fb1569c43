import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  lowStockJobId,
  NOTIFICATIONS_QUEUE,
  type CreatedInvitation,
  type ItemView,
  type LowStockAlertView,
  type NotificationChannels,
  type NotificationJob,
  type NotificationPreferences,
  type WorkspaceRole,
  type WorkspaceSummary,
} from '@inventory/contracts';
import { eventually, jobsDrained, queryDb } from '@inventory/platform/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { setTimeout as delay } from 'node:timers/promises';
import { WorkerModule as IdentityWorkerModule } from '../../services/identity/src/worker.module.js';
import { WorkerModule as InventoryWorkerModule } from '../../services/inventory/src/worker.module.js';
import { ALERTS_QUEUE } from '../../services/inventory/src/alerts/alert-jobs.js';
import { ExpiryScanWorker } from '../../services/inventory/src/expiry/expiry-scan.worker.js';
import { ApiClient, json, signUp, uniqueEmail, type SignedUp } from './support/api-client.js';
import { mailSource, mailTo, PushService, type CaughtMail } from './support/notifications.js';
import { startSystem, type System } from './support/system.js';

/**
 * Notifications reach people (docs/notifications.md): the real SMTP catcher of the test stack
 * (maildev) receives the email, a local Web Push service decrypts the push, and each member's
 * preferences decide which of them (and the bell) fire. The digest window is 1.5 s here (test-env).
 */
const HOOK_TIMEOUT_MS = 60_000;
const DIGEST_WINDOW_MS = Number(process.env.EMAIL_DIGEST_WINDOW_MS);
/** Long enough for a notification that should not come to have come. */
const QUIET_MS = DIGEST_WINDOW_MS + 3000;

let system: System;
let workers: INestApplicationContext[];
const push = new PushService();

beforeAll(async () => {
  await push.start();
  system = await startSystem();
  workers = [
    await NestFactory.createApplicationContext(InventoryWorkerModule, { logger: ['error', 'warn'] }),
    await NestFactory.createApplicationContext(IdentityWorkerModule, { logger: ['error', 'warn'] }),
  ];
  // Earlier files' backlog (an export test's thousands of 0/0 items): their alerts, then the notifications those cause.
  await jobsDrained(ALERTS_QUEUE);
  await jobsDrained(NOTIFICATIONS_QUEUE);
}, 300_000);
afterAll(async () => {
  for (const worker of workers ?? []) await worker.close();
  await system?.close();
  await push.stop();
}, HOOK_TIMEOUT_MS);

const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
  const { status, body } = await json<T>(res);
  if (status >= 300) throw new Error(`expected success, got ${status} ${JSON.stringify(body)}`);
  return body;
};

const ALL_ON: NotificationPreferences = { lowStock: true, expiry: true, email: true, push: true };

interface Person extends SignedUp {
  pushes: ReturnType<PushService['browser']>['received'];
}

/** A user with these preferences and one browser subscribed to Web Push. */
async function person(name: string, preferences: Partial<NotificationPreferences>, signedUp?: SignedUp): Promise<Person> {
  const user = signedUp ?? (await signUp(system.baseUrl, { firstName: name, email: uniqueEmail(name.toLowerCase()) }));
  await ok(user.client.put('/api/auth/preferences', { ...ALL_ON, ...preferences }));
  const browser = push.browser(name);
  expect(await json(user.client.post('/api/push/subscriptions', browser.subscription))).toEqual({
    status: 201,
    body: { endpoint: browser.subscription.endpoint },
  });
  return { ...user, pushes: browser.received };
}

async function join(owner: ApiClient, workspaceId: string, user: SignedUp, role: WorkspaceRole = 'member'): Promise<void> {
  const invitation = await ok<CreatedInvitation>(owner.post(`/api/workspaces/${workspaceId}/invitations`, { email: user.email, role }));
  await ok(user.client.post(`/api/invitations/${invitation.token}/accept`));
}

const addItem = (client: ApiClient, name: string, stock = 10, reorderLevel = 5) =>
  ok<ItemView>(client.post('/api/inventory', { name, currentStock: stock, reorderLevel, unitPrice: '2.50' }));

const issue = (client: ApiClient, item: ItemView, quantity: number) =>
  ok(client.post(`/api/inventory/${item.id}/stock`, { movementType: 'out', quantity, reason: 'Sold' }));

const bell = (client: ApiClient) => ok<LowStockAlertView[]>(client.get('/api/alerts/low-stock'));

async function oneMail(address: string): Promise<CaughtMail> {
  let mails: CaughtMail[] = [];
  await eventually(async () => (mails = await mailTo(address)).length > 0, 30_000, 200);
  return mails[0];
}

describe('channels', () => {
  it('says which channels the server has; signed out, nothing', async () => {
    const { client } = await signUp(system.baseUrl);
    expect(await json<NotificationChannels>(client.get('/api/notifications/channels'))).toEqual({
      status: 200,
      body: { email: true, push: true, pushPublicKey: process.env.VAPID_PUBLIC_KEY },
    });
    expect((await new ApiClient(system.baseUrl).get('/api/notifications/channels')).status).toBe(401);
  });
});

describe('who gets what', () => {
  it('honours each member’s preferences: bell, email and push fire exactly for those who want them', async () => {
    const ann = await person('Ann', {}); // everything on
    const workspace = await ok<WorkspaceSummary>(ann.client.post('/api/workspaces', { name: 'Corner Shop' }));
    await ok(ann.client.post(`/api/workspaces/${workspace.id}/switch`));
    const ben = await person('Ben', { lowStock: false }); // email and push on, but no low-stock alerts
    const cat = await person('Cat', { email: false }); // push only
    const dan = await person('Dan', { push: false }); // email only
    const eve = await person('Eve', { email: false, push: false }); // the bell only
    for (const member of [ben, cat, dan, eve]) await join(ann.client, workspace.id, member);
    const outsider = await person('Out', {}); // everything on, another workspace

    const item = await addItem(ann.client, 'Matrix bolts', 10, 5);
    await issue(dan.client, item, 7); // 3 left: at or below 5, one crossing

    const annMail = await oneMail(ann.email);
    expect(annMail.subject).toBe('Low stock: Matrix bolts');
    expect(annMail.text).toContain('Matrix bolts (Corner Shop): 3 left, reorder level 5');
    expect(annMail.text).toContain(`/inventory?item=${item.id}`);
    expect(annMail.html).toContain('Matrix bolts</a>');
    await eventually(() => ann.pushes.length > 0 && cat.pushes.length > 0, 30_000, 100);
    expect(ann.pushes).toEqual([
      {
        title: 'Low stock: Matrix bolts',
        body: '3 left, reorder level 5 · Corner Shop',
        url: `/inventory?item=${item.id}`,
        tag: expect.stringMatching(/^low-stock-/),
      },
    ]);
    await oneMail(dan.email);
    await delay(QUIET_MS);

    const fired = async (p: Person) => ({
      bell: (await bell(p.client)).map((alert) => alert.item.name),
      email: (await mailTo(p.email)).length,
      push: p.pushes.length,
    });
    expect({
      ann: await fired(ann),
      ben: await fired(ben),
      cat: await fired(cat),
      dan: await fired(dan),
      eve: await fired(eve),
      outsider: await fired(outsider),
    }).toEqual({
      ann: { bell: ['Matrix bolts'], email: 1, push: 1 },
      ben: { bell: [], email: 0, push: 0 },
      cat: { bell: ['Matrix bolts'], email: 0, push: 1 },
      dan: { bell: ['Matrix bolts'], email: 1, push: 0 },
      eve: { bell: ['Matrix bolts'], email: 0, push: 0 },
      outsider: { bell: [], email: 0, push: 0 },
    });

    // Turning 'Low Stock Alerts' back on shows the open alert in Ben's bell.
    await ok(ben.client.put('/api/auth/preferences', ALL_ON));
    expect((await bell(ben.client)).map((alert) => alert.item.name)).toEqual(['Matrix bolts']);
  }, 90_000);
});

describe('email digest', () => {
  it('sends crossings that arrive together as one email, and nothing twice when a job comes again', async () => {
    const zoe = await person('Zoe', { push: false });
    const items = await Promise.all(
      ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) => addItem(zoe.client, `${name} ${zoe.user.id.slice(0, 4)}`)),
    );
    await Promise.all(items.map((item) => issue(zoe.client, item, 6)));

    const mail = await oneMail(zoe.email);
    expect(mail.subject).toBe('Low stock: 5 items');
    for (const item of items) expect(mail.text).toContain(`${item.name} (`);
    const source = await mailSource(mail);
    expect(source).toMatch(/^List-Unsubscribe:\s+<http:\/\/[^>]+\/api\/notifications\/unsubscribe\/one-click\?token=[\w.-]+>/m);
    expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // The low-stock job of one crossing runs again (as after a lost acknowledgement): no new email.
    const [alert] = await bell(zoe.client);
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const queue = new Queue<NotificationJob>(NOTIFICATIONS_QUEUE, { connection: redis });
    try {
      await queue.remove(lowStockJobId(alert.id));
      await queue.add('low-stock', { kind: 'low-stock', workspaceId: zoe.user.id, alert }, { jobId: lowStockJobId(alert.id) });
      await eventually(async () => (await queue.getJobState(lowStockJobId(alert.id))) === 'completed', 10_000, 100);
    } finally {
      await queue.close();
      redis.disconnect();
    }
    await delay(QUIET_MS);
    expect(await mailTo(zoe.email)).toHaveLength(1);
  }, 90_000);
});

describe('expiry notifications', () => {
  it('warns members who want it of lots expiring in the warning days and today, once a day, never for archived items', async () => {
    // Items start at 0 here, a low-stock crossing each: Eli wants only expiry notifications.
    const eli = await person('Eli', { lowStock: false });
    const workspace = await ok<WorkspaceSummary>(eli.client.post('/api/workspaces', { name: 'Pantry' }));
    await ok(eli.client.post(`/api/workspaces/${workspace.id}/switch`));
    const fay = await person('Fay', { expiry: false, lowStock: false }); // email and push on, but neither kind wanted
    await join(eli.client, workspace.id, fay);

    // The scan's day is set (time injected): lots are dated from it.
    const today = '2031-03-01';
    const receive = async (name: string, expiresOn: string, lot: string | null = null) => {
      const item = await addItem(eli.client, name, 0, 0);
      await ok(eli.client.post(`/api/inventory/${item.id}/stock`, { movementType: 'in', quantity: 4, reason: 'Delivery', lot, expiresOn }));
      return item;
    };
    const weekAhead = await receive('Oat milk', '2031-03-08', 'OM-7'); // the warning day (7, the default)
    await receive('Sourdough', today); // the day itself
    await receive('Honey', '2031-03-04'); // within the window, but neither day: no new warning
    const archived = await receive('Old ham', today);
    expect((await eli.client.request('DELETE', `/api/inventory/${archived.id}`)).status).toBe(204);

    const scanner = workers[0].get(ExpiryScanWorker);
    await scanner.scan(today);
    const mail = await oneMail(eli.email);
    expect(mail.subject).toBe('Expiring: 2 lots');
    expect(mail.text).toContain('Sourdough (Pantry): 4 expires today (2031-03-01)');
    expect(mail.text).toContain('Oat milk [lot OM-7] (Pantry): 4 expires in 7 days (2031-03-08)');
    expect(mail.text).toContain(`/inventory?item=${weekAhead.id}`);
    expect(mail.text).not.toMatch(/Honey|Old ham/);
    await eventually(() => eli.pushes.length > 0, 30_000, 100);
    expect(eli.pushes).toEqual([
      {
        title: 'Expiring: 2 lots',
        body: 'Sourdough, Oat milk · Pantry',
        url: '/inventory?expiry=expiring',
        tag: expect.stringMatching(/^expiry-/),
      },
    ]);

    // The day's scan again (a second worker, a restart): nothing new.
    await scanner.scan(today);
    await delay(QUIET_MS);
    expect(await mailTo(eli.email)).toHaveLength(1);
    expect(eli.pushes).toHaveLength(1);
    expect(await mailTo(fay.email)).toHaveLength(0);
    expect(fay.pushes).toHaveLength(0);
  }, 90_000);
});

describe('unsubscribe link', () => {
  it('turns email off without signing in; a forged token is refused', async () => {
    const max = await person('Max', { push: false });
    await issue(max.client, await addItem(max.client, 'Unsub widget'), 8);
    const mail = await oneMail(max.email);
    const link = /https?:\/\/\S+\/unsubscribe\?token=(\S+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);

    const visitor = new ApiClient(system.baseUrl);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    for (const bad of [forged, 'nonsense', '']) {
      expect(await json(visitor.post('/api/notifications/unsubscribe', { token: bad }))).toEqual({
        status: 400,
        body: { message: 'This unsubscribe link is not valid' },
      });
    }
    expect((await ok<NotificationPreferences>(max.client.get('/api/auth/preferences'))).email).toBe(true);

    expect(await json(visitor.post('/api/notifications/unsubscribe', { token }))).toEqual({ status: 200, body: { email: max.email } });
    expect(await ok<NotificationPreferences>(max.client.get('/api/auth/preferences'))).toEqual({ ...ALL_ON, push: false, email: false });

    // A mail client's one-click unsubscribe (RFC 8058): a form post to the List-Unsubscribe URL.
    await ok(max.client.put('/api/auth/preferences', { ...ALL_ON, push: false }));
    const oneClick = await fetch(`${system.baseUrl}/api/notifications/unsubscribe/one-click?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await ok<NotificationPreferences>(max.client.get('/api/auth/preferences'))).email).toBe(false);
  }, 60_000);
});

describe('push subscriptions', () => {
  it('refuses endpoints that are not a known push service, and drops one the push service says is gone', async () => {
    const { client, user } = await signUp(system.baseUrl);
    const browser = push.browser('valid').subscription;
    for (const endpoint of ['https://example.com/push/1', 'https://169.254.169.254/latest']) {
      expect(await json(client.post('/api/push/subscriptions', { ...browser, endpoint }))).toEqual({
        status: 400,
        body: { message: 'This push service is not supported' },
      });
    }
    expect(await json(client.post('/api/push/subscriptions', { ...browser, endpoint: 'http://127.0.0.1/push' }))).toEqual({
      status: 400,
      body: { message: 'endpoint must be an https URL' },
    });
    expect(
      (await json(client.post('/api/push/subscriptions', { endpoint: browser.endpoint, keys: { p256dh: 'x y', auth: 1 } }))).status,
    ).toBe(400);
    expect((await new ApiClient(system.baseUrl).post('/api/push/subscriptions', browser)).status).toBe(401);

    const gone = push.browser('gone', 410).subscription;
    await ok(client.post('/api/push/subscriptions', gone));
    await ok(client.post('/api/push/subscriptions', browser));
    const stored = () =>
      queryDb<{ endpoint: string }>('identity', 'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint', [user.id]);
    expect((await stored()).length).toBe(2);
    await issue(client, await addItem(client, 'Gone widget'), 9);
    await eventually(async () => (await stored()).length === 1, 30_000, 200);
    expect(await stored()).toEqual([{ endpoint: browser.endpoint }]);

    expect((await client.request('DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint })).status).toBe(204);
    expect(await stored()).toEqual([]);
  }, 60_000);
});
