import { randomUUID } from 'node:crypto';
import { InventoryMessages as M, InventorySubjects as S, type Actor, type ItemEvent } from '@inventory/contracts';
import { eventually, queryDb, schemaOf } from '@inventory/platform/testing';
import { appendToStream, itemStreamId, toEvent, VersionConflictError, type EventRow } from '../src/event-store/event-store.js';
import { sqlOf } from '../src/database/sql.js';
import { rebuildItemViews } from '../src/items/read-models/rebuild-item-views.js';
import { now } from '../src/items/write/command.js';
import { applyItemCommands } from '../src/items/write/handle-item-commands.js';
import { deleteOwnedRecords } from '../src/workspaces/workspace-purge.projection.js';
import { knownPlace, newActor, publishedEventIds, startInventory, type InventoryHarness } from './support/inventory.js';

let inv: InventoryHarness;
let owner: Actor;

beforeAll(async () => {
  inv = await startInventory();
});
afterAll(async () => {
  await inv?.close();
});
beforeEach(() => {
  owner = newActor();
});

const register = (currentStock = 10) => inv.call(S.registerItem, { name: 'Bolt', unitPrice: '0.10', currentStock }, owner);
const eventsOf = (itemId: string) =>
  queryDb<{ version: number; type: string; event_id: string }>(
    'inventory',
    'SELECT version, type, event_id FROM events WHERE stream_id = $1 ORDER BY version',
    [itemStreamId(itemId)],
  );

describe('the event store', () => {
  it('refuses an append whose expected version is stale instead of overwriting', async () => {
    const item = await register();
    const [row] = await queryDb<EventRow>('inventory', 'SELECT * FROM events WHERE stream_id = $1 AND version = 2', [
      itemStreamId(item.id),
    ]);
    const copy = { ...toEvent(row), id: randomUUID() } as ItemEvent;
    await expect(inv.orm.em.fork().transactional((em) => appendToStream(em, itemStreamId(item.id), 1, [copy]))).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    expect((await eventsOf(item.id)).map((e) => e.version)).toEqual([1, 2]);
  });

  // Another test process may run a relay on the same database: publishing is awaited, not assumed.
  it('publishes every event to JetStream in stream order, with its event id as the message id, and marks the outbox', async () => {
    const since = new Date();
    const item = await register(3);
    await inv.call(S.recordMovement, { id: item.id, movementType: 'out', quantity: 1, reason: 'r' }, owner);
    await inv.runtime.flushOutbox();
    const stored = (await eventsOf(item.id)).map((e) => e.event_id);
    await eventually(async () => (await publishedEventIds(inv.events, [itemStreamId(item.id)], since)).length === stored.length, 10_000);
    expect(await publishedEventIds(inv.events, [itemStreamId(item.id)], since)).toEqual(stored);
    const pending = await queryDb('inventory', 'SELECT count(*)::int AS n FROM outbox WHERE event_id = ANY($1) AND published_at IS NULL', [
      stored,
    ]);
    expect(pending[0].n).toBe(0);
  });

  it('does not let a later commit overtake a slow transaction that began first (no gap for the relay)', async () => {
    const slowItem = await register();
    const fastItem = await register();
    const since = new Date();
    let release!: () => void;
    let written!: (eventId: string) => void;
    const wrote = new Promise<string>((resolve) => (written = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The slow transaction appends (taking the earlier outbox position) and stays open.
    const slow = inv.orm.em.fork().transactional(async (em) => {
      const receive = { quantity: 1, locationId: null, reason: 'slow', movementId: randomUUID() };
      const { events } = await applyItemCommands(
        em,
        { workspaceId: owner.workspaceId, userId: owner.userId, occurredAt: now() },
        slowItem.id,
        [{ type: 'ReceiveStock', data: receive }],
      );
      written(events[0].id);
      await gate;
    });
    const slowEventId = await wrote;
    const streams = [itemStreamId(slowItem.id), itemStreamId(fastItem.id)];
    let fastEventId: string;
    try {
      await inv.call(S.recordMovement, { id: fastItem.id, movementType: 'in', quantity: 1, reason: 'fast' }, owner);
      fastEventId = (await eventsOf(fastItem.id)).slice(-1)[0].event_id;
      await inv.runtime.flushOutbox();
      const published = await publishedEventIds(inv.events, streams, since);
      expect(published).not.toContain(fastEventId); // held back, not skipped
    } finally {
      release();
      await slow;
    }
    await inv.runtime.flushOutbox();
    const order = await eventually(async () => {
      const published = await publishedEventIds(inv.events, streams, since);
      if (!published.includes(fastEventId)) throw new Error('not published yet');
      return published;
    }, 10_000);
    expect(order.filter((id) => id === slowEventId || id === fastEventId)).toEqual([slowEventId, fastEventId]);
  });
});

describe('rebuilding', () => {
  it('rebuilds the item read model and the tables its triggers keep, readers seeing the old rows until it commits', async () => {
    const item = await register(4);
    const [bin7, bin8] = [await knownPlace(owner, 'Bin 7'), await knownPlace(owner, 'Bin 8')];
    await inv.call(S.updateItem, { id: item.id, name: 'Hex bolt', reorderLevel: 2, barcodes: [`HB-${item.id}`] }, owner);
    await inv.call(S.recordMovement, { id: item.id, movementType: 'in', quantity: 3, reason: 'r', locationId: bin7 }, owner);
    await inv.call(S.archiveItem, { id: (await register(1)).id }, owner);
    const workspace = [owner.userId];
    const rows = async () => [
      await queryDb('inventory', 'SELECT * FROM item_views WHERE workspace_id = $1 ORDER BY id', workspace),
      await queryDb('inventory', 'SELECT * FROM item_places WHERE workspace_id = $1 ORDER BY item_id, location_id', workspace),
      await queryDb('inventory', 'SELECT * FROM item_levels WHERE workspace_id = $1 ORDER BY id', workspace),
      await queryDb('inventory', 'SELECT * FROM item_barcodes WHERE workspace_id = $1 ORDER BY barcode', workspace),
      await queryDb('inventory', 'SELECT * FROM item_counts WHERE workspace_id = $1', workspace),
    ];
    const before = await rows();
    expect(before[1]).toMatchObject([{ item_id: item.id }]); // at Bin 7, by its stock there
    expect(before[3]).toMatchObject([{ item_id: item.id, barcode: `HB-${item.id}` }]);
    expect(before[4]).toMatchObject([{ active: 1 }]);
    await queryDb('inventory', 'UPDATE item_views SET current_stock = 999, name = $2 WHERE id = $1', [item.id, 'corrupted']);
    await queryDb('inventory', 'DELETE FROM item_places WHERE item_id = $1', [item.id]);
    const schemaBefore = await schemaOf('inventory');

    let rebuilding = true;
    const rebuild = rebuildItemViews(inv.orm).finally(() => (rebuilding = false));
    const readWhileRebuilding = [];
    while (rebuilding) readWhileRebuilding.push(...(await queryDb('inventory', 'SELECT name FROM item_views WHERE id = $1', [item.id])));
    const rebuilt = await rebuild;

    expect(rebuilt.items).toBeGreaterThanOrEqual(2);
    expect(rebuilt.events).toBeGreaterThanOrEqual(5); // this test's: two registrations, a change, a movement, an archive
    expect(await rows()).toEqual(before);
    // Each read saw the old row or, once the copies were swapped in, the new one; never none.
    const seen = readWhileRebuilding.map((row) => row.name as string);
    expect(seen[0]).toBe('corrupted');
    expect(seen.join(' ')).toMatch(/^(corrupted ?)+(Hex bolt ?)*$/);
    // The copies swapped in (shadowTables) have the live tables' indexes, constraints, triggers and
    // fill factor under the same names, and statistics; nothing is left beside them.
    const unlessAnalyzed = (definitions: string[]) => definitions.filter((definition) => !definition.startsWith('analyzed '));
    const schemaAfter = await schemaOf('inventory');
    expect(unlessAnalyzed(schemaAfter)).toEqual(unlessAnalyzed(schemaBefore));
    expect(schemaAfter.filter((definition) => /^analyzed item_(views|places|levels|barcodes|counts)$/.test(definition))).toHaveLength(5);
    // The triggers write the new tables: a movement to another place, the barcode, the count.
    await inv.call(S.transferStock, { id: item.id, fromLocationId: bin7, toLocationId: bin8, quantity: 2, reason: 'r' }, owner);
    expect(await queryDb('inventory', 'SELECT count(*)::int AS places FROM item_places WHERE item_id = $1', [item.id])).toEqual([
      { places: 2 },
    ]);
    await expect(inv.call(S.findItemByCode, { code: `HB-${item.id}` }, owner)).resolves.toMatchObject({ id: item.id, currentStock: 7 });
    await register();
    expect((await inv.call(S.listItems, {}, owner)).total).toBe(2);
  });

  it("counts a workspace's items once per statement, so a rebuild's thousands of rows in one transaction stay linear", async () => {
    await Promise.all([register(), register(), register()]);
    // A rebuild's two steps on this workspace's rows, in a transaction rolled back at the end: each
    // statement writes the workspace's counter row once, not once per item (Inventory0024; row by
    // row, each update walked every version the transaction had left before it).
    const seen = await inv.orm.em
      .fork()
      .transactional(async (tx) => {
        const sql = sqlOf(tx);
        // The backend's counts not yet reported (of earlier transactions too), so a difference is taken.
        const writes = async () => {
          const [{ n }] = await sql<{ n: string }>(
            "SELECT n_tup_ins + n_tup_upd AS n FROM pg_stat_xact_user_tables WHERE relname = 'item_counts'",
          );
          return Number(n);
        };
        const active = async () =>
          (await sql<{ active: number }>('SELECT active FROM item_counts WHERE workspace_id = ?', [owner.workspaceId]))[0].active;
        await sql('CREATE TEMP TABLE kept ON COMMIT DROP AS SELECT * FROM item_views WHERE workspace_id = ?', [owner.workspaceId]);
        const start = await writes();
        await sql('DELETE FROM item_views WHERE workspace_id = ?', [owner.workspaceId]);
        const afterDelete = { active: await active(), writes: (await writes()) - start };
        await sql('INSERT INTO item_views SELECT * FROM kept');
        const afterInsert = { active: await active(), writes: (await writes()) - start };
        throw Object.assign(new Error('roll back'), { seen: [afterDelete, afterInsert] });
      })
      .catch((error: { seen?: unknown }) => {
        if (!error.seen) throw error; // not the roll-back: a failure of the steps themselves
        return error.seen;
      });
    expect(seen).toEqual([
      { active: 0, writes: 1 },
      { active: 3, writes: 2 },
    ]);
    expect((await inv.call(S.listItems, {}, owner)).total).toBe(3);
  });
});

describe("deleting a workspace's records", () => {
  it('also deletes the event of an append in flight meanwhile, leaving no stream without its start', async () => {
    const item = await register(2);
    const next = (await eventsOf(item.id)).length + 1;
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let hold!: () => void;
    const held = new Promise<void>((resolve) => (hold = resolve));
    // An append as append.ts writes one: the item's next event and its row, in one transaction, held open.
    const append = inv.orm.em.fork().transactional(async (tx) => {
      await sqlOf(tx)('UPDATE item_views SET version = version + 1 WHERE id = ?', [item.id]);
      await sqlOf(tx)(
        `INSERT INTO events (stream_id, version, event_id, type, data, metadata) VALUES (?, ?, ?, 'ItemDetailsChanged', '{}', '{}')`,
        [itemStreamId(item.id), next, randomUUID()],
      );
      hold();
      await committed;
    });
    // The purge starts once the append holds the item's row (started together, the purge could
    // delete the row first, and this bare append, unlike append.ts, would write its event anyway).
    await held;
    const purge = inv.orm.em.fork().transactional((tx) => deleteOwnedRecords(tx, owner.workspaceId));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the purge reaches the held row
    commit();
    await Promise.all([append, purge]);
    expect(await eventsOf(item.id)).toEqual([]);
    expect(await queryDb('inventory', 'SELECT id FROM item_views WHERE id = $1', [item.id])).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('answers the same key sent 3 times at once identically, with exactly one event', async () => {
    const item = await register();
    const meta = { idempotencyKey: `key-${randomUUID()}` };
    const send = () => inv.call(S.recordMovement, { id: item.id, movementType: 'out', quantity: 4, reason: 'sale' }, owner, meta);
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await eventsOf(item.id)).filter((e) => e.type === 'StockIssued')).toHaveLength(1);
    expect((await inv.call(S.getItem, { id: item.id }, owner)).currentStock).toBe(6);
  });

  it('makes a registration with a key create one item only', async () => {
    const meta = { idempotencyKey: `key-${randomUUID()}` };
    const send = () => inv.call(S.registerItem, { name: 'Once', unitPrice: '1.00' }, owner, meta);
    const [first, second] = await Promise.all([send(), send()]);
    expect(second).toEqual(first);
    expect((await inv.call(S.listItems, {}, owner)).total).toBe(1);
  });

  it('refuses a key reused for a different request, and keys are per user', async () => {
    const item = await register();
    const meta = { idempotencyKey: 'shared-key' };
    await inv.call(S.recordMovement, { id: item.id, movementType: 'in', quantity: 1, reason: 'r' }, owner, meta);
    const reused = await inv
      .call(S.recordMovement, { id: item.id, movementType: 'in', quantity: 2, reason: 'r' }, owner, meta)
      .catch((e: unknown) => e);
    expect(reused).toMatchObject({ status: 409, message: M.idempotencyKeyReused });
    const other = newActor();
    const theirs = await inv.call(S.registerItem, { name: 'Theirs', unitPrice: '1' }, other);
    await expect(
      inv.call(S.recordMovement, { id: theirs.id, movementType: 'in', quantity: 1, reason: 'r' }, other, meta),
    ).resolves.toMatchObject({
      item: { currentStock: 1 },
    });
  });

  it('stores nothing for a refused write, so the key can be used again', async () => {
    const item = await register(1);
    const meta = { idempotencyKey: `key-${randomUUID()}` };
    const out = () => inv.call(S.recordMovement, { id: item.id, movementType: 'out', quantity: 2, reason: 'r' }, owner, meta);
    await expect(out()).rejects.toMatchObject({ status: 409 });
    await inv.call(S.recordMovement, { id: item.id, movementType: 'in', quantity: 5, reason: 'r' }, owner);
    await expect(out()).resolves.toMatchObject({ item: { currentStock: 4 } });
    await eventually(async () => (await eventsOf(item.id)).length === 4);
  });
});
