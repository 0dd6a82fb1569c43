import type { CategoryView, ItemView, LocationView, MovementEntry } from '@inventory/contracts';
import { connectEvents } from '@inventory/platform';
import { consumerCaughtUp, eventually, queryDb, testServers } from '@inventory/platform/testing';
import { signInAsSuperAdmin, signUp, type ApiClient } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/**
 * End to end through the real inventory API: item changes travel as events through inventory's
 * outbox and JetStream to the catalog and locations read models; category and location changes
 * travel back to inventory's name replicas.
 */
/**
 * How long an outbox-published change may take to show. Generous on purpose: the relay holds rows
 * back while any older write transaction on the PostgreSQL server is open (its gap guard reads the
 * server-wide xmin), e.g. another suite's read-model rebuild on the shared test server.
 */
const OUTBOX_WAIT_MS = 30_000;

let system: System;
let c: ApiClient;
let userId: string;

const ok = async <T>(res: Promise<Response>): Promise<T> => {
  const answer = await res;
  if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
  return (answer.status === 204 ? undefined : await answer.json()) as T;
};
const category = (name: string) => ok<CategoryView>(c.post('/api/categories', { name }));
const location = (name: string, parentLocationId?: string) =>
  ok<LocationView>(c.post('/api/locations', { name, type: 'Storage', parentLocationId }));
const item = (fields: object) => ok<ItemView>(c.post('/api/inventory', { name: 'Widget', unitPrice: '2.50', ...fields }));
const receive = (itemId: string, locationId: string, quantity: number) =>
  ok(c.post(`/api/inventory/${itemId}/stock`, { movementType: 'in', quantity, reason: 'Delivery', locationId }));
const transfer = (itemId: string, fromLocationId: string | null, toLocationId: string | null, quantity: number) =>
  ok(c.post(`/api/inventory/${itemId}/transfer`, { fromLocationId, toLocationId, quantity, reason: 'Moved' }));

/** Waits until GET `path` lists these itemCounts (by id). */
const countsConverge = (path: '/api/categories' | '/api/locations', expected: Record<string, number>) =>
  eventually(async () => {
    const list = await ok<{ id: string; itemCount: number }[]>(c.get(path));
    const counts = Object.fromEntries(list.filter((x) => x.id in expected).map((x) => [x.id, x.itemCount]));
    expect(counts).toEqual(expected);
    return true;
  }, OUTBOX_WAIT_MS);
const itemConverges = (id: string, check: (item: ItemView) => void) =>
  eventually(async () => {
    check(await ok<ItemView>(c.get(`/api/inventory/${id}`)));
    return true;
  }, OUTBOX_WAIT_MS);

beforeAll(async () => {
  system = await startSystem();
  const events = await connectEvents(testServers.natsUrl(), 'item-counts-e2e');
  await Promise.all(
    ['catalog-item-counts-inventory', 'locations-item-counts-inventory'].map((durable) => consumerCaughtUp(events, durable)),
  );
  await events.nc.drain();
}, 90_000);
beforeEach(async () => {
  ({
    client: c,
    user: { id: userId },
  } = await signUp(system.baseUrl));
});
afterAll(async () => {
  await system?.close();
});

describe('category itemCount', () => {
  it('converges after item create, category change and archive', async () => {
    const [tools, paint] = [await category('Tools'), await category('Paint')];
    const hammer = await item({ name: 'Hammer', categoryId: tools.id });
    await item({ name: 'Saw', categoryId: tools.id });
    await countsConverge('/api/categories', { [tools.id]: 2, [paint.id]: 0 });

    await ok(c.patch(`/api/inventory/${hammer.id}`, { categoryId: paint.id }));
    await countsConverge('/api/categories', { [tools.id]: 1, [paint.id]: 1 });

    await ok(c.delete(`/api/inventory/${hammer.id}`));
    await countsConverge('/api/categories', { [tools.id]: 1, [paint.id]: 0 });
  });

  it('converges after a category delete: its items become uncategorised', async () => {
    const [tools, paint] = [await category('Tools'), await category('Paint')];
    const hammer = await item({ name: 'Hammer', categoryId: tools.id });
    await item({ name: 'Brush', categoryId: paint.id });
    await countsConverge('/api/categories', { [tools.id]: 1, [paint.id]: 1 });

    await ok(c.delete(`/api/categories/${tools.id}`));
    await itemConverges(hammer.id, (view) => expect(view).toMatchObject({ categoryId: null, category: null }));
    await eventually(
      async () =>
        (await queryDb('catalog', 'SELECT category_id FROM category_items WHERE item_id = $1', [hammer.id]))[0]?.category_id === null,
      OUTBOX_WAIT_MS,
    );
    await countsConverge('/api/categories', { [paint.id]: 1 });
  });
});

describe('location itemCount', () => {
  it('converges after receipts, transfers and archive, counting each item once per place', async () => {
    const [shelf, bin] = [await location('Shelf'), await location('Bin')];
    const bolts = await item({ name: 'Bolts' });
    const nuts = await item({ name: 'Nuts' });
    await receive(bolts.id, shelf.id, 10);
    await receive(bolts.id, shelf.id, 5);
    await receive(nuts.id, shelf.id, 1);
    await countsConverge('/api/locations', { [shelf.id]: 2, [bin.id]: 0 });

    await transfer(bolts.id, shelf.id, bin.id, 4);
    await countsConverge('/api/locations', { [shelf.id]: 2, [bin.id]: 1 });
    await transfer(nuts.id, shelf.id, bin.id, 1);
    await countsConverge('/api/locations', { [shelf.id]: 1, [bin.id]: 2 });

    await ok(c.delete(`/api/inventory/${bolts.id}`));
    await countsConverge('/api/locations', { [shelf.id]: 0, [bin.id]: 1 });
  });

  it('converges after a location delete: its stock moves to unassigned, recorded in the item timeline', async () => {
    const store = await location('Store');
    const shelf = await location('Shelf', store.id);
    const bolts = await item({ name: 'Bolts' });
    await receive(bolts.id, shelf.id, 7);
    await countsConverge('/api/locations', { [store.id]: 0, [shelf.id]: 1 });

    await ok(c.delete(`/api/locations/${shelf.id}`));
    await itemConverges(bolts.id, (view) => {
      expect(view.currentStock).toBe(7);
      expect(view.stockByLocation).toEqual([{ locationId: null, locationName: null, quantity: 7 }]);
    });
    const timeline = await ok<MovementEntry[]>(c.get(`/api/inventory/${bolts.id}/movements`));
    expect(timeline[0]).toMatchObject({ movementType: 'relocation', quantity: 7, locationId: shelf.id });
    await countsConverge('/api/locations', { [store.id]: 0 });
  });
});

describe('name replicas in inventory', () => {
  it('show a renamed category and location on the item', async () => {
    const tools = await category('Tools');
    const shelf = await location('Shelf');
    const hammer = await item({ name: 'Hammer', categoryId: tools.id });
    await receive(hammer.id, shelf.id, 2);
    await itemConverges(hammer.id, (view) => {
      expect(view.category).toEqual({ id: tools.id, name: 'Tools' });
      expect(view.stockByLocation).toEqual([{ locationId: shelf.id, locationName: 'Shelf', quantity: 2 }]);
    });

    await ok(c.put(`/api/categories/${tools.id}`, { name: 'Hand tools' }));
    await ok(c.put(`/api/locations/${shelf.id}`, { name: 'Top shelf' }));
    await itemConverges(hammer.id, (view) => {
      expect(view.category).toEqual({ id: tools.id, name: 'Hand tools' });
      expect(view.stockByLocation).toEqual([{ locationId: shelf.id, locationName: 'Top shelf', quantity: 2 }]);
    });
  });
});

describe('a user deleted by the super admin', () => {
  it('has their categories, locations and counts purged', async () => {
    const tools = await category('Tools');
    const shelf = await location('Shelf');
    const hammer = await item({ name: 'Hammer', categoryId: tools.id });
    await receive(hammer.id, shelf.id, 1);
    await countsConverge('/api/locations', { [shelf.id]: 1 });

    const admin = await signInAsSuperAdmin(system.baseUrl);
    await ok(admin.delete(`/api/admin/users/${userId}`));
    const left = async () => [
      ...(await queryDb(
        'catalog',
        'SELECT 1 FROM categories WHERE workspace_id = $1 UNION ALL SELECT 1 FROM category_items WHERE workspace_id = $1',
        [userId],
      )),
      ...(await queryDb(
        'locations',
        'SELECT 1 FROM locations WHERE workspace_id = $1 UNION ALL SELECT 1 FROM location_items WHERE workspace_id = $1',
        [userId],
      )),
    ];
    await eventually(async () => (await left()).length === 0, OUTBOX_WAIT_MS);
  });
});
