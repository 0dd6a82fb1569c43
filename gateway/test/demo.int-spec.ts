import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEMO_ITEMS,
  DemoMessages,
  type CategoryView,
  type DashboardStats,
  type DemoStatus,
  type InventoryReportRow,
  type ItemView,
  type LocationView,
  type NotificationPreferences,
} from '@inventory/contracts';
import { EventsRuntime } from '@inventory/platform';
import { eventually } from '@inventory/platform/testing';
import { Redis } from 'ioredis';
import { ApiClient, json, signUp } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/** A reset writes 22 items with ~600 backdated events: seconds on a busy machine. */
const RESET_TIMEOUT_MS = 120_000;
const SAMPLE_SKUS = DEMO_ITEMS.map((item) => item.sku).sort();

let system: System;
let redis: Redis;

beforeAll(async () => {
  system = await startSystem();
  redis = new Redis(process.env.REDIS_URL!);
}, 60_000);
afterAll(async () => {
  redis?.disconnect();
  await system?.close();
}, 60_000);

async function demoClient(): Promise<ApiClient> {
  const client = new ApiClient(system.baseUrl);
  expect((await client.post('/api/auth/demo-login')).status).toBe(200);
  return client;
}

/** Resets as a visitor does and waits until it is over; a minute has "passed" since the last one. */
async function reset(demo: ApiClient): Promise<DemoStatus> {
  await redis.del('demo:reset:last');
  const started = await json<DemoStatus>(demo.post('/api/demo/reset'));
  expect(started).toMatchObject({ status: 202, body: { resetting: true } });
  let status = started.body;
  await eventually(async () => !(status = (await json<DemoStatus>(demo.get('/api/demo'))).body).resetting, RESET_TIMEOUT_MS, 250);
  return status;
}

const get = async <T>(client: ApiClient, path: string) => {
  const res = await json<T>(client.get(path));
  expect(res.status).toBe(200);
  return res.body;
};

/** What a visitor sees of the demo: items, categories with counts, places, and the reports' figures. */
async function demoAsSeen(demo: ApiClient) {
  const items = await get<ItemView[]>(demo, '/api/inventory?limit=1000');
  return {
    skus: items.map((item) => item.sku).sort(),
    stock: items.map((item) => `${item.sku} ${item.currentStock}`).sort(),
    categories: (await get<CategoryView[]>(demo, '/api/categories')).map(({ name, itemCount }) => ({ name, itemCount })),
    places: (await get<LocationView[]>(demo, '/api/locations')).map((place) => place.name).sort(),
    // The report before the dashboard: once the report has caught up with the items read above, the
    // dashboard read after it has too (one projection keeps both; a dashboard read first may lag).
    report: (await get<InventoryReportRow[]>(demo, '/api/reports/inventory'))
      .map((row) => `${row.sku} ${row.currentStock} ${row.category?.name ?? '-'}`)
      .sort(),
    stats: await get<DashboardStats>(demo, '/api/dashboard/stats'),
  };
}

/**
 * The reports and counts follow the inventory's events a moment later: settled when the report
 * shows every item at the inventory's own stock (not merely every item: a reset writes each item's
 * history event by event, and a report half-way through one shows an earlier stock), and the
 * category counts add up to the items filed under a category.
 */
async function settledDemo(demo: ApiClient) {
  let seen = await demoAsSeen(demo);
  const reportStock = () => seen.report.map((row) => row.split(' ').slice(0, 2).join(' ')).sort();
  const counted = () => seen.categories.reduce((sum, { itemCount }) => sum + itemCount, 0);
  const filed = () => seen.report.filter((row) => !row.endsWith(' -')).length;
  await eventually(
    async () => {
      seen = await demoAsSeen(demo);
      return (
        JSON.stringify(reportStock()) === JSON.stringify(seen.stock) && seen.stats.totalItems === seen.skus.length && counted() === filed()
      );
    },
    30_000,
    250,
  );
  return seen;
}

describe('the shared demo reset', () => {
  it(
    'puts the demo back to its sample data, whatever visitors changed, and leaves other workspaces alone',
    async () => {
      const demo = await demoClient();
      const neighbour = await signUp(system.baseUrl);
      expect((await neighbour.client.post('/api/inventory', { name: 'Not demo', unitPrice: '1.00', currentStock: 3 })).status).toBe(201);

      const first = await reset(demo);
      expect(first.lastResetAt).not.toBeNull();
      const sample = await settledDemo(demo);
      expect(sample.skus).toEqual(SAMPLE_SKUS);
      expect(sample.places).toEqual(['Head Office', 'Supply Room', 'Workshop']);
      expect(sample.categories).toEqual(
        expect.arrayContaining([
          { name: 'Electronics', itemCount: 6 },
          { name: 'Tools', itemCount: 4 },
        ]),
      );
      expect(sample.stats).toMatchObject({ totalItems: 22, lowStockItems: 8, categoriesCount: 5 });
      // Each item comes with its picture and its past.
      const mouse = (await get<ItemView[]>(demo, '/api/inventory?search=EL-MOU-01'))[0];
      expect((await demo.get(mouse.imageUrl!)).headers.get('content-type')).toBe('image/png');
      expect((await get<unknown[]>(demo, `/api/inventory/${mouse.id}/movements`)).length).toBeGreaterThan(5);

      // A visitor's day: a new item and place, a category deleted, stock taken, notifications changed.
      expect(await get<NotificationPreferences>(demo, '/api/auth/preferences')).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
      const changed = { ...DEFAULT_NOTIFICATION_PREFERENCES, lowStock: !DEFAULT_NOTIFICATION_PREFERENCES.lowStock, email: true };
      expect((await demo.put('/api/auth/preferences', changed)).status).toBe(200);
      expect((await demo.post('/api/inventory', { name: 'Visitor item', unitPrice: '2.00', currentStock: 1 })).status).toBe(201);
      expect((await demo.post('/api/locations', { name: 'Garage' })).status).toBe(201);
      const tools = (await get<CategoryView[]>(demo, '/api/categories')).find((c) => c.name === 'Tools')!;
      expect((await demo.delete(`/api/categories/${tools.id}`)).status).toBe(204);
      expect(
        (
          await demo.post(`/api/inventory/${mouse.id}/stock`, {
            movementType: 'out',
            quantity: 40,
            reason: 'Visitor',
            locationId: mouse.locationId,
          })
        ).status,
      ).toBe(201);
      expect((await settledDemo(demo)).skus).toContain(null);

      const second = await reset(demo);
      expect(Date.parse(second.lastResetAt!)).toBeGreaterThan(Date.parse(first.lastResetAt!));
      expect(await settledDemo(demo)).toEqual(sample);
      expect(await get<NotificationPreferences>(demo, '/api/auth/preferences')).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
      // The neighbour's workspace never noticed.
      expect((await get<ItemView[]>(neighbour.client, '/api/inventory')).map((item) => item.name)).toEqual(['Not demo']);
    },
    4 * RESET_TIMEOUT_MS,
  );

  it(
    'gives the same reports after a rebuild from the whole event history (the clear replays in order)',
    async () => {
      const demo = await demoClient();
      const before = await settledDemo(demo);
      await system.services.apps.get('reporting')!.get(EventsRuntime).rebuildAll();
      expect(await settledDemo(demo)).toEqual(before);
    },
    RESET_TIMEOUT_MS,
  );

  it('is the demo account’s alone, at most once a minute', async () => {
    const someone = await signUp(system.baseUrl);
    expect(await json(someone.client.post('/api/demo/reset'))).toEqual({ status: 403, body: { message: DemoMessages.demoOnly } });
    expect((await new ApiClient(system.baseUrl).post('/api/demo/reset')).status).toBe(401);
    const demo = await demoClient();
    await redis.set('demo:reset:last', new Date().toISOString());
    const tooSoon = await demo.post('/api/demo/reset');
    expect(await json(tooSoon)).toEqual({ status: 429, body: { message: DemoMessages.tooSoon } });
    // Says when to come back, like every 429 of the API.
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(55);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Anyone signed in may read when the next reset is; scheduled resets are off in tests.
    expect(await json(someone.client.get('/api/demo'))).toMatchObject({
      status: 200,
      body: { resetting: false, resetHours: 0, nextResetAt: null },
    });
  });
});
