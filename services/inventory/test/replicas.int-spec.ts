import {
  InventoryMessages as M,
  InventorySubjects as S,
  type Actor,
  type CategoryEvent,
  type LocationEvent,
  type UserEvent,
} from '@inventory/contracts';
import { newEvent } from '@inventory/platform';
import { eventually, queryDb } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { newActor, startInventory, type InventoryHarness } from './support/inventory.js';

let inv: InventoryHarness;
let owner: Actor;

beforeAll(async () => {
  inv = await startInventory({ worker: true });
}, 300_000);
afterAll(async () => {
  await inv?.close();
});
beforeEach(() => {
  owner = newActor();
});

const category = (type: CategoryEvent['type'], categoryId: string, name = 'Tools', userId = owner.userId) =>
  newEvent({
    source: 'catalog',
    type,
    streamId: `category-${categoryId}`,
    data: { categoryId, name, description: null },
    metadata: { workspaceId: userId, userId },
  });
const location = (type: LocationEvent['type'], locationId: string, name = 'Shelf') =>
  newEvent({
    source: 'locations',
    type,
    streamId: `location-${locationId}`,
    data: { locationId, name, type: 'Storage', parentLocationId: null },
    metadata: { workspaceId: owner.userId, userId: owner.userId },
  });
const item = (id: string) => inv.call(S.getItem, { id }, owner);

describe('category and location names', () => {
  it('shows the names from the catalog and locations events, and follows renames', async () => {
    const categoryId = randomUUID();
    const locationId = randomUUID();
    await inv.publish(category('CategoryCreated', categoryId));
    await inv.publish(location('LocationCreated', locationId));
    const created = await inv.call(S.registerItem, { name: 'Saw', unitPrice: '9.99', categoryId, locationId }, owner);
    await eventually(
      async () => (await item(created.id)).category?.name === 'Tools' && (await item(created.id)).location?.name === 'Shelf',
      10_000,
    );
    await inv.call(S.recordMovement, { id: created.id, movementType: 'in', quantity: 2, reason: 'r', locationId }, owner);
    await inv.publish(category('CategoryRenamed', categoryId, 'Hand tools'));
    await eventually(async () => (await item(created.id)).category?.name === 'Hand tools', 10_000);
    expect((await item(created.id)).stockByLocation).toEqual([{ locationId, locationName: 'Shelf', quantity: 2 }]);
    // The list puts the names into the stored view text: it must read exactly like the item.
    expect((await inv.call(S.listItems, {}, owner)).items).toEqual([await item(created.id)]);

    // A place that holds stock but is not the item's home is named on the page too (its names come
    // with the page's rows, item-views.ts pageRowsSql).
    const binId = randomUUID();
    await inv.publish(location('LocationCreated', binId, 'Bin'));
    await eventually(
      async () => (await queryDb('inventory', 'SELECT 1 FROM location_replicas WHERE id = $1', [binId])).length === 1,
      10_000,
    );
    await inv.call(S.recordMovement, { id: created.id, movementType: 'in', quantity: 1, reason: 'r', locationId: binId }, owner);
    const [listed] = (await inv.call(S.listItems, {}, owner)).items;
    expect(listed.stockByLocation).toEqual(
      expect.arrayContaining([
        { locationId, locationName: 'Shelf', quantity: 2 },
        { locationId: binId, locationName: 'Bin', quantity: 1 },
      ]),
    );
    expect(listed).toEqual(await item(created.id));
  });

  it("refuses another user's or a deleted category or location", async () => {
    const theirs = randomUUID();
    await inv.publish(category('CategoryCreated', theirs, 'Theirs', 'someone-else'));
    const gone = randomUUID();
    await inv.publish(location('LocationCreated', gone));
    await inv.publish(location('LocationDeleted', gone));
    await eventually(
      async () => (await queryDb('inventory', 'SELECT 1 FROM location_replicas WHERE id = $1 AND deleted', [gone])).length === 1,
      10_000,
    );
    await eventually(
      async () => (await queryDb('inventory', 'SELECT 1 FROM category_replicas WHERE id = $1', [theirs])).length === 1,
      10_000,
    );
    expect(await inv.refusal(S.registerItem, { name: 'x', unitPrice: '1', categoryId: theirs }, owner)).toMatchObject({
      status: 404,
      message: M.categoryNotFound,
    });
    const mine = await inv.call(S.registerItem, { name: 'x', unitPrice: '1' }, owner);
    expect(
      await inv.refusal(S.recordMovement, { id: mine.id, movementType: 'in', quantity: 1, reason: 'r', locationId: gone }, owner),
    ).toMatchObject({
      status: 404,
      message: M.locationNotFound,
    });
  });
});

describe('deleted categories and locations', () => {
  it('makes the items of a deleted category uncategorised, as an event in their history', async () => {
    const categoryId = randomUUID();
    await inv.publish(category('CategoryCreated', categoryId));
    const created = await inv.call(S.registerItem, { name: 'Saw', unitPrice: '9.99', categoryId }, owner);
    await inv.publish(
      newEvent({
        source: 'catalog',
        type: 'CategoryDeleted',
        streamId: `category-${categoryId}`,
        data: { categoryId },
        metadata: { workspaceId: owner.userId, userId: owner.userId },
      }),
    );
    await eventually(async () => (await item(created.id)).categoryId === null, 10_000);
    const [last] = await queryDb('inventory', 'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1', [
      `item-${created.id}`,
    ]);
    expect(last).toMatchObject({ type: 'ItemDetailsChanged', data: { changes: { categoryId: null }, reason: 'Category deleted' } });
  });

  it('moves the stock held at a deleted location to unassigned and clears it as home', async () => {
    const locationId = randomUUID();
    await inv.publish(location('LocationCreated', locationId));
    const created = await inv.call(S.registerItem, { name: 'Saw', unitPrice: '9.99', currentStock: 1, locationId }, owner);
    await inv.call(S.recordMovement, { id: created.id, movementType: 'in', quantity: 4, reason: 'r', locationId }, owner);
    await inv.publish(
      newEvent({
        source: 'locations',
        type: 'LocationDeleted',
        streamId: `location-${locationId}`,
        data: { locationId, parentLocationId: null },
        metadata: { workspaceId: owner.userId, userId: owner.userId },
      }),
    );
    await eventually(async () => (await item(created.id)).locationId === null, 10_000);
    expect(await item(created.id)).toMatchObject({
      currentStock: 5,
      stockByLocation: [{ locationId: null, quantity: 5, locationName: null }],
    });
    const [relocation] = await inv.call(S.listMovements, { id: created.id }, owner);
    expect(relocation).toMatchObject({
      movementType: 'relocation',
      quantity: 5,
      delta: 0,
      locationId,
      locationName: 'Shelf',
      reason: 'Location deleted',
    });
  });
});

describe('a deleted user', () => {
  it('leaves no record behind in inventory', async () => {
    const created = await inv.call(S.registerItem, { name: 'Saw', unitPrice: '9.99', currentStock: 3, reorderLevel: 5 }, owner);
    await inv.call(S.recordMovement, { id: created.id, movementType: 'out', quantity: 1, reason: 'r' }, owner, { idempotencyKey: 'k1' });
    await eventually(async () => (await inv.call(S.listLowStockAlerts, undefined, owner)).length === 1, 10_000);
    const deleted: UserEvent = newEvent({
      source: 'identity',
      type: 'UserDeleted',
      streamId: `user-${owner.userId}`,
      data: { userId: owner.userId },
      metadata: { workspaceId: owner.userId, userId: owner.userId },
    });
    await inv.publish(deleted);
    const remaining = async () => {
      const counts = await Promise.all(
        [
          ['item_views', 'workspace_id'],
          ['item_counts', 'workspace_id'],
          ['alerts', 'workspace_id'],
          ['low_stock_watch', 'workspace_id'],
          ['idempotency_keys', 'user_id'],
        ].map(
          async ([table, column]) =>
            (await queryDb('inventory', `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [owner.userId]))[0].n as number,
        ),
      );
      const [events] = await queryDb('inventory', 'SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`item-${created.id}`]);
      const [outbox] = await queryDb('inventory', `SELECT count(*)::int AS n FROM outbox WHERE payload->'metadata'->>'userId' = $1`, [
        owner.userId,
      ]);
      return [...counts, events.n, outbox.n];
    };
    await eventually(async () => (await remaining()).every((n) => n === 0), 10_000);
  });
});
