import type { DashboardStats, ItemView, MovementResult, RecentMovement, ReportRow } from '@inventory/contracts';
import { eventually } from '@inventory/platform/testing';
import { valueOf } from '../../services/reporting/test/support/test-item.js';
import { signUp, type ApiClient } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

let system: System;
let client: ApiClient;
const get = async <T>(path: string): Promise<T> => (await client.get(path)).json() as Promise<T>;
const post = async <T>(path: string, body?: object): Promise<T> => {
  const res = await client.post(path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** The report row reporting owes for an item as the inventory API showed it. */
const rowOf = (item: ItemView): ReportRow => ({
  id: item.id,
  name: item.name,
  sku: item.sku,
  category: null,
  currentStock: item.currentStock,
  reorderLevel: item.reorderLevel,
  unitPrice: item.unitPrice,
  totalValue: valueOf(item.currentStock, item.unitPrice),
  status: item.status,
});

/** After each write: the instant, and the items the inventory service listed then. */
const moments: { at: string; rows: ReportRow[] }[] = [];
async function remember(): Promise<void> {
  const items = await get<ItemView[]>('/api/inventory');
  moments.push({ at: new Date().toISOString(), rows: items.map(rowOf).sort((a, b) => a.name.localeCompare(b.name)) });
}

beforeAll(async () => {
  system = await startSystem();
  client = (await signUp(system.baseUrl)).client;
  const location = await post<{ id: string }>('/api/locations', { name: 'Shelf A', type: 'Storage' });

  const washers = await post<ItemView>('/api/inventory', { name: 'Washers', unitPrice: '0.10', currentStock: 3, reorderLevel: 2 });
  const cables = await post<ItemView>('/api/inventory', { name: 'Cables', unitPrice: '19.99', currentStock: 7 });
  await remember();
  await post<MovementResult>(`/api/inventory/${washers.id}/stock`, { quantity: 10, movementType: 'in', reason: 'Delivery' });
  await remember();
  const transfer = { fromLocationId: null, toLocationId: location.id, quantity: 4, reason: 'Shelving' };
  await post<MovementResult>(`/api/inventory/${washers.id}/transfer`, transfer);
  await remember();
  const issue = await post<MovementResult>(`/api/inventory/${washers.id}/stock`, { quantity: 6, movementType: 'out', reason: 'Sold' });
  await remember();
  await post<MovementResult>(`/api/inventory/${washers.id}/movements/${issue.movement.id}/undo`);
  await remember();
  expect((await client.patch(`/api/inventory/${washers.id}`, { unitPrice: '0.15' })).status).toBe(200);
  await remember();
  const count = { quantity: 1, movementType: 'adjustment', reason: 'Count', locationId: location.id };
  await post<MovementResult>(`/api/inventory/${washers.id}/stock`, count);
  await remember();
  expect((await client.delete(`/api/inventory/${cables.id}`)).status).toBe(204);
  await remember();
  // Reporting follows through the outbox, JetStream and its consumer: wait until it shows the last write
  // (generously: a long transaction elsewhere on the shared test server holds every outbox back).
  await eventually(async () => (await get<DashboardStats>('/api/dashboard/stats')).totalItems === 1, 45_000);
});
afterAll(async () => {
  await system?.close();
});

describe('reporting fed by the real inventory service', () => {
  it('answers asOf with what the inventory showed at that instant, through transfer, undo, price change and archive', async () => {
    for (const moment of moments) {
      const rows = await get<ReportRow[]>(`/api/reports/inventory?asOf=${encodeURIComponent(moment.at)}`);
      expect({ at: moment.at, rows }).toEqual({ at: moment.at, rows: moment.rows });
    }
  });

  it('shows the current state and the recent activity with transfer and undo under their own types', async () => {
    expect(await get<ReportRow[]>('/api/reports/inventory')).toEqual(moments[moments.length - 1].rows);
    expect(await get<DashboardStats>('/api/dashboard/stats')).toEqual({
      totalItems: 1,
      lowStockItems: 0,
      totalValue: 1.5,
      categoriesCount: 0,
    });
    const recent = await get<RecentMovement[]>('/api/dashboard/recent-movements');
    expect(recent.map((m) => [m.movementType, m.quantity, m.item.name])).toEqual([
      ['adjustment', 1, 'Washers'],
      ['undo', 6, 'Washers'],
      ['out', 6, 'Washers'],
      ['transfer', 4, 'Washers'],
      ['in', 10, 'Washers'],
      ['in', 7, 'Cables'],
      ['in', 3, 'Washers'],
    ]);
  });

  it('totals the movements of the last 7 days per item', async () => {
    const rows = await get<ReportRow[]>('/api/reports/inventory?type=movement&range=7days');
    expect(rows.map((r) => [r.name, r.movements])).toEqual([
      ['Cables', { stockIn: 7, stockOut: 0, adjusted: 0, undone: 0, netChange: 7 }],
      ['Washers', { stockIn: 13, stockOut: 6, adjusted: -3, undone: 6, netChange: 10 }],
    ]);
  });
});
