import {
  ReportMessages,
  type CategoryValue,
  type DashboardStats,
  type RecentMovement,
  type ReportRow,
  type ValueHistoryPoint,
} from '@inventory/contracts';
import { connectEvents, type EventsConnection } from '@inventory/platform';
import { publishEvents, testServers } from '@inventory/platform/testing';
import { waitUntilApplied } from '../../services/reporting/test/support/reporting-harness.js';
import { daysAgo, TestCategory, TestItem } from '../../services/reporting/test/support/test-item.js';
import { ApiClient, signUp, type SignedUp, json } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

let system: System;
let events: EventsConnection;
let owner: SignedUp;

beforeAll(async () => {
  system = await startSystem();
  events = await connectEvents(testServers.natsUrl(), 'gateway-reports-test');
  owner = await signUp(system.baseUrl);
  // The owner's inventory, as the inventory and catalog services would announce it.
  const userId = owner.user.id;
  const tools = new TestCategory(userId, 'Tools');
  const washer = new TestItem(userId);
  const cable = new TestItem(userId);
  const list = [
    tools.created(daysAgo(10)),
    washer.at(daysAgo(10)).registered({ name: 'Washer', unitPrice: '0.10', reorderLevel: 5, categoryId: tools.categoryId }),
    washer.received(3),
    cable.at(daysAgo(3)).registered({ name: 'Cable', unitPrice: '19.99' }),
    cable.received(9),
    cable.at(daysAgo(1)).issued(2),
  ];
  await publishEvents(events, list);
  await waitUntilApplied(list.map((e) => e.id));
});
afterAll(async () => {
  await events?.nc.drain();
  await system?.close();
});

describe('signed out', () => {
  it.each([
    '/api/dashboard/stats',
    '/api/dashboard/recent-movements',
    '/api/dashboard/category-values',
    '/api/reports/inventory',
    '/api/reports/value-history',
  ])('%s answers 401', async (path) => {
    expect(await json(new ApiClient(system.baseUrl).get(path))).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });
});

describe('GET /api/dashboard/*', () => {
  it('gives the stats with an exact total value', async () => {
    expect(await json<DashboardStats>(owner.client.get('/api/dashboard/stats'))).toEqual({
      status: 200,
      body: { totalItems: 2, lowStockItems: 1, totalValue: 140.23, categoriesCount: 1 },
    });
  });

  it('lists the recent movements with the item name', async () => {
    const { body } = await json<RecentMovement[]>(owner.client.get('/api/dashboard/recent-movements'));
    expect(body.map((m) => [m.movementType, m.quantity, m.item.name])).toEqual([
      ['out', 2, 'Cable'],
      ['in', 9, 'Cable'],
      ['in', 3, 'Washer'],
    ]);
  });

  it('gives the value of each category, items without one last', async () => {
    expect(await json<CategoryValue[]>(owner.client.get('/api/dashboard/category-values'))).toEqual({
      status: 200,
      body: [
        { category: { id: expect.any(String), name: 'Tools' }, value: 0.3 },
        { category: null, value: 139.93 },
      ],
    });
  });

  it('shows another user nothing of it', async () => {
    const other = (await signUp(system.baseUrl)).client;
    expect((await json(other.get('/api/dashboard/stats'))).body).toEqual({
      totalItems: 0,
      lowStockItems: 0,
      totalValue: 0,
      categoriesCount: 0,
    });
    expect((await json(other.get('/api/dashboard/recent-movements'))).body).toEqual([]);
    expect((await json(other.get('/api/dashboard/category-values'))).body).toEqual([]);
    expect((await json(other.get('/api/reports/inventory'))).body).toEqual([]);
  });
});

describe('GET /api/reports/inventory', () => {
  it('answers the spec report rows by default', async () => {
    expect(await json<ReportRow[]>(owner.client.get('/api/reports/inventory'))).toEqual({
      status: 200,
      body: [
        {
          id: expect.any(String),
          name: 'Cable',
          sku: null,
          category: null,
          currentStock: 7,
          reorderLevel: 0,
          unitPrice: '19.99',
          totalValue: 139.93,
          status: 'in-stock',
        },
        {
          id: expect.any(String),
          name: 'Washer',
          sku: null,
          category: { name: 'Tools' },
          currentStock: 3,
          reorderLevel: 5,
          unitPrice: '0.10',
          totalValue: 0.3,
          status: 'low-stock',
        },
      ],
    });
  });

  it('applies the type, the range and asOf from the query string', async () => {
    const lowStock = await json<ReportRow[]>(owner.client.get('/api/reports/inventory?type=low-stock'));
    expect(lowStock.body.map((r) => r.name)).toEqual(['Washer']);
    const moved = await json<ReportRow[]>(owner.client.get('/api/reports/inventory?type=movement&range=7days'));
    expect(moved.body.map((r) => [r.name, r.movements])).toEqual([
      ['Cable', { stockIn: 9, stockOut: 2, adjusted: 0, undone: 0, netChange: 7 }],
    ]);
    const asOf = daysAgo(2).toISOString();
    const past = await json<ReportRow[]>(owner.client.get(`/api/reports/inventory?asOf=${encodeURIComponent(asOf)}`));
    expect(past.body.map((r) => [r.name, r.currentStock])).toEqual([
      ['Cable', 9],
      ['Washer', 3],
    ]);
  });

  it.each([
    ['type=monthly', ReportMessages.typeInvalid],
    ['range=year', ReportMessages.rangeInvalid],
    ['range=custom&from=2025-01-01', ReportMessages.customNeedsDates],
    ['range=custom&from=2025-02-01&to=2025-01-01', ReportMessages.fromAfterTo],
    ['range=30days&from=2025-01-01', ReportMessages.datesNeedCustom],
    ['asOf=yesterday', ReportMessages.dateInvalid('asOf')],
    ['asOf=2025-02-30', ReportMessages.dateInvalid('asOf')],
    ['type=movement&asOf=2025-02-01', ReportMessages.asOfNotForMovement],
    ['userId=someone-else', 'property userId should not exist'],
  ])('answers ?%s with 400 and its message', async (query, message) => {
    expect(await json(owner.client.get(`/api/reports/inventory?${query}`))).toEqual({ status: 400, body: { message } });
  });
});

describe('GET /api/reports/value-history', () => {
  it('answers one point per day of the range', async () => {
    const { status, body } = await json<ValueHistoryPoint[]>(owner.client.get('/api/reports/value-history?range=7days'));
    expect(status).toBe(200);
    expect(body.map((p) => p.totalValue)).toEqual([0.3, 0.3, 0.3, 180.21, 180.21, 140.23, 140.23]);
  });

  it('refuses a bad range', async () => {
    expect(await json(owner.client.get('/api/reports/value-history?range=custom&from=2020-01-01&to=2025-01-01'))).toEqual({
      status: 400,
      body: { message: ReportMessages.historyTooLong },
    });
  });
});
