import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, ItemEvent } from '@inventory/contracts';
import { evolveItem, isItemEvent, isLowStock, movementOf, type ItemSnapshot, type MovementRecord } from './item-snapshot.js';
import { inTransaction, isoTimeSql, shadowTables, type ApplyContext, type EventHandler, type TransactionSql } from '@inventory/platform';
import {
  DAILY_CATEGORY_TOTALS_FROM_BATCH,
  DAILY_CATEGORY_TOTALS_FROM_VERSION_ENDS,
  MONTHLY_CATEGORY_TOTALS_FROM_BATCH,
  MONTHLY_CATEGORY_TOTALS_FROM_DAYS,
} from './daily-category-totals.js';
import { ITEM_HISTORY_COLUMNS, WITH_VERSION_ENDS } from './version-ends.js';
import { lockCategories } from './sql.js';

type Db = TransactionSql;

/** What this read model keeps of the inventory events. */
export const ITEM_TABLES = [
  'items',
  // Kept by triggers on items (Reporting0013): listed for a rebuild's copy and a purge's check.
  'item_levels',
  'item_history',
  'movements',
  'item_totals',
  'daily_value',
  'category_values',
  'daily_category_totals',
  'monthly_category_totals',
];

/**
 * The tables a rebuild fills as copies and swaps in at the end (shadowTables): a row or more per
 * event, and many indexes. items keeps its key throughout: each batch upserts it.
 */
const SHADOWED_TABLES = ['items', 'item_levels', 'item_history', 'movements'];

interface ItemRow {
  item_id: string;
  workspace_id: string;
  name: string;
  sku: string | null;
  category_id: string | null;
  unit_price: string;
  reorder_level: number;
  stock: number;
  active: boolean;
  version: number;
  updated_at: string;
}

/** The columns of items that item_levels copies (Reporting0013). */
const ITEM_LEVEL_COLUMNS = 'item_id, workspace_id, name, sku, category_id, category_name, unit_price, reorder_level, stock, active';

const ITEM_FIELDS = `item_id text, workspace_id text, name text, sku text, category_id text, unit_price numeric, reorder_level integer,
  stock integer, active boolean, version integer`;

/** The day and category figures, each in one pass, after a rebuild's replay (see writeBatch). */
const DERIVED_AFTER_REPLAY = [
  DAILY_CATEGORY_TOTALS_FROM_VERSION_ENDS,
  MONTHLY_CATEGORY_TOTALS_FROM_DAYS,
  `INSERT INTO daily_value (workspace_id, day, value_delta)
   SELECT workspace_id, (occurred_at AT TIME ZONE 'UTC')::date, sum(value_delta) FROM item_history GROUP BY 1, 2`,
  // As live: a row for every category that ever held an active item (zero once it holds none).
  `INSERT INTO category_values (workspace_id, category_id, total_value)
   SELECT held.workspace_id, held.category_id, COALESCE(now.total_value, 0.00)
     FROM (SELECT DISTINCT workspace_id, COALESCE(category_id, '') AS category_id FROM item_history WHERE active) held
     LEFT JOIN (SELECT workspace_id, COALESCE(category_id, '') AS category_id, sum(stock * unit_price) AS total_value
                  FROM items WHERE active GROUP BY 1, 2) now USING (workspace_id, category_id)`,
];

/**
 * Live, each new version's end (version-ends.ts) and its predecessor's: the new version ends where
 * the next one by (occurred_at, version) begins, in the batch or already kept (one kept is later in
 * time only when this event was recorded out of order); the kept version that was the item's latest
 * at the new one's time ends there, or at the first of the batch's versions it precedes. One index
 * probe each way per new version; the common case updates the item's latest version only.
 * A rebuild's replay leaves the ends out and derives them once at its end (replayed).
 */
const VERSION_ENDS_OF_BATCH = `ended AS (
    SELECT r.*, LEAST(
             lead(r.occurred_at) OVER (PARTITION BY r.item_id ORDER BY r.occurred_at, r.version),
             (SELECT k.occurred_at FROM item_history k
               WHERE k.workspace_id = r.workspace_id AND k.item_id = r.item_id AND k.occurred_at > r.occurred_at
               ORDER BY k.occurred_at LIMIT 1)) AS superseded_at
      FROM history_rows r
  ), predecessors_ended AS (
    UPDATE item_history k SET superseded_at = p.superseded_at
      FROM (SELECT before.event_id, min(r.occurred_at) AS superseded_at
              FROM history_rows r
              CROSS JOIN LATERAL (SELECT b.event_id FROM item_history b
                                   WHERE b.workspace_id = r.workspace_id AND b.item_id = r.item_id AND b.occurred_at <= r.occurred_at
                                   ORDER BY b.occurred_at DESC, b.version DESC LIMIT 1) before
             GROUP BY before.event_id) p
     WHERE k.event_id = p.event_id
  ), `;

/**
 * Rows travel as one JSON parameter per table: a batch is one statement, whatever its size. They are
 * `json`, not `jsonb`: each is read once, and json_to_recordset reads the text as it is where jsonb
 * first builds its binary form (a rebuild of 1.1M events took 20 s less, docs/reports.md "Rebuilds"). Live,
 * it also moves daily_value, category_values and the daily and monthly category totals by the batch's changes; a rebuild's replay
 * leaves those out and derives them once at the end (DERIVED_AFTER_REPLAY): in its one long
 * transaction every batch's update of a day would keep every earlier version of the row (at 1.1M
 * events: 4,815 events/s instead of 12,000).
 */
const writeBatch = (replaying: boolean) => `
  WITH changes AS (
    -- Each changed item's state before the batch and after it: what the kept figures move by (all
    -- of scale 2, so that sums read the same however the events were batched: live or rebuilt).
    SELECT *,
           CASE WHEN before_active THEN before_stock * before_price::numeric(12, 2) ELSE 0.00 END AS before_value,
           CASE WHEN after_active THEN after_stock * after_price::numeric(12, 2) ELSE 0.00 END AS after_value
      FROM json_to_recordset(?::json) AS r(workspace_id text, before_active boolean, before_low boolean, before_stock integer,
        before_price numeric, before_category text, after_active boolean, after_low boolean, after_stock integer, after_price numeric,
        after_category text)
  ), history_rows AS (
    SELECT * FROM json_to_recordset(?::json) AS r(event_id text, occurred_at timestamptz, ${ITEM_FIELDS}, prev_active boolean,
      prev_stock integer, prev_unit_price numeric, prev_reorder_level integer, prev_category_id text)
  ), upserted AS (
    -- category_name: the name of the item's category while it exists (CategoriesProjection keeps it on renames).
    INSERT INTO items (item_id, workspace_id, name, sku, category_id, unit_price, reorder_level, stock, active, version, updated_at, category_name)
    SELECT r.*, c.name FROM json_to_recordset(?::json) AS r(${ITEM_FIELDS}, updated_at timestamptz)
      LEFT JOIN categories c ON c.category_id = r.category_id AND c.deleted_at IS NULL
    ON CONFLICT (item_id) DO UPDATE SET
      name = excluded.name, sku = excluded.sku, category_id = excluded.category_id, unit_price = excluded.unit_price,
      reorder_level = excluded.reorder_level, stock = excluded.stock, active = excluded.active,
      version = excluded.version, updated_at = excluded.updated_at, category_name = excluded.category_name
  ), ${replaying ? '' : VERSION_ENDS_OF_BATCH}history AS (
    INSERT INTO item_history
      (event_id, item_id, workspace_id, version, occurred_at, name, sku, category_id, unit_price, reorder_level, stock, active, value_delta,
       superseded_at)
    SELECT event_id, item_id, workspace_id, version, occurred_at, name, sku, category_id, unit_price, reorder_level, stock, active,
           -- What the item adds to the total value (stock × price while active), after minus before, exact.
           (CASE WHEN active THEN stock * unit_price::numeric(12, 2) ELSE 0 END)
             - (CASE WHEN prev_active THEN prev_stock * prev_unit_price::numeric(12, 2) ELSE 0 END),
           ${replaying ? 'NULL::timestamptz' : 'superseded_at'}
      FROM ${replaying ? 'history_rows' : 'ended'}
    RETURNING workspace_id, occurred_at, value_delta
  ), ${
    replaying
      ? ''
      : `daily AS (
    -- The value chart's days (UTC) move by the same deltas.
    INSERT INTO daily_value (workspace_id, day, value_delta)
    SELECT workspace_id, (occurred_at AT TIME ZONE 'UTC')::date, sum(value_delta) FROM history GROUP BY 1, 2
    ON CONFLICT (workspace_id, day) DO UPDATE SET value_delta = daily_value.value_delta + excluded.value_delta
  ), categories_moved AS (
    -- Each category's total value ('' for none): the value out of the item's category before, into its category after.
    INSERT INTO category_values (workspace_id, category_id, total_value)
    SELECT workspace_id, category_id, sum(delta) FROM (
      SELECT workspace_id, COALESCE(before_category, '') AS category_id, -before_value AS delta FROM changes WHERE before_active
      UNION ALL
      SELECT workspace_id, COALESCE(after_category, ''), after_value FROM changes WHERE after_active
      UNION ALL
      -- A row for every category an active version of an item held, however the events were
      -- batched (as DERIVED_AFTER_REPLAY has it): an item registered and archived in one batch too.
      SELECT workspace_id, COALESCE(category_id, ''), 0.00 FROM history_rows WHERE active
    ) moved GROUP BY 1, 2
    ON CONFLICT (workspace_id, category_id) DO UPDATE SET total_value = category_values.total_value + excluded.total_value
  ), daily_categories AS (${DAILY_CATEGORY_TOTALS_FROM_BATCH}
  ), monthly_categories AS (${MONTHLY_CATEGORY_TOTALS_FROM_BATCH}
  ), `
  }totals AS (
    -- Each workspace's figures move by what the batch changed, from each item's state before it to after it.
    INSERT INTO item_totals (workspace_id, total_items, low_stock_items, total_value, low_stock_value)
    SELECT workspace_id, sum(after_active::int - before_active::int), sum(after_low::int - before_low::int),
           sum(after_value - before_value),
           sum((CASE WHEN after_low THEN after_value ELSE 0.00 END) - (CASE WHEN before_low THEN before_value ELSE 0.00 END))
      FROM changes GROUP BY workspace_id
    ON CONFLICT (workspace_id) DO UPDATE SET
      total_items = item_totals.total_items + excluded.total_items,
      low_stock_items = item_totals.low_stock_items + excluded.low_stock_items,
      total_value = item_totals.total_value + excluded.total_value,
      low_stock_value = item_totals.low_stock_value + excluded.low_stock_value
  )
  INSERT INTO movements (event_id, movement_id, item_id, workspace_id, version, movement_type, quantity, delta, occurred_at, user_id, user_name)
  SELECT * FROM json_to_recordset(?::json) AS r(event_id text, movement_id text, item_id text, workspace_id text, version integer,
    movement_type text, quantity integer, delta integer, occurred_at timestamptz, user_id text, user_name text)`;
const WRITE_BATCH = { live: writeBatch(false), replay: writeBatch(true) };

/**
 * Folds inventory events into items (state now), item_history (state after every event), movements,
 * item_totals (the dashboard and report totals), daily_value (the value chart), category_values
 * (the value report's category totals) and daily_ and monthly_category_totals (the totals at a past
 * instant). A batch costs two statements (three with categories): read what it needs, write all eight tables.
 */
@Injectable()
export class InventoryProjection implements EventHandler {
  private readonly logger = new Logger(InventoryProjection.name);

  handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    return this.handleBatch([event], em);
  }

  async handleBatch(events: EventEnvelope[], em: EntityManager, apply: ApplyContext = { replaying: false }): Promise<void> {
    const itemEvents = events.filter(isItemEvent);
    if (itemEvents.length === 0) return;
    const db = inTransaction(em);
    const { items, purged } = await loadState(db, itemEvents);
    const initial = new Map<string, ItemSnapshot | null>();
    const changed = new Map<string, ItemSnapshot>();
    const history: object[] = [];
    const movements: object[] = [];
    for (const event of itemEvents) {
      if (purged.has(event.metadata.workspaceId)) continue;
      const before = items.get(event.data.itemId) ?? null;
      const after = evolveItem(before, event);
      if (!after) {
        // Skipped rather than failed: one orphan event must not block the stream or abort a rebuild.
        this.logger.warn(`ignored ${event.type} ${event.id}: item ${event.data.itemId} was never registered`);
        continue;
      }
      if (!initial.has(after.itemId)) initial.set(after.itemId, before);
      items.set(after.itemId, after);
      changed.set(after.itemId, after);
      history.push(historyRow(event, before, after));
      const movement = movementOf(before?.stock ?? 0, event);
      if (movement) movements.push(movementRow(event, after, movement));
    }
    if (changed.size === 0) return;
    // items gets each item's last state only: one statement may not update a row twice.
    const latest = [...changed.values()];
    const totals = latest.map((after) => totalsRow(initial.get(after.itemId) ?? null, after));
    await lockCategories(
      db,
      latest.map((after) => after.categoryId),
    );
    await db.run(
      apply.replaying ? WRITE_BATCH.replay : WRITE_BATCH.live,
      [totals, history, latest.map(itemRow), movements].map((rows) => JSON.stringify(rows)),
    );
  }

  async reset(em: EntityManager): Promise<void> {
    const db = inTransaction(em);
    await shadowTables.begin(db, SHADOWED_TABLES, { keyed: ['items'] });
    // The replay's upserts leave item_levels to the end (replayed): one pass instead of a statement
    // per batch on a copy that has no key to find its rows by.
    await db.run('ALTER TABLE items DISABLE TRIGGER USER');
    // The copies start empty; the other tables are emptied in the transaction (readers see them until it commits).
    for (const table of ITEM_TABLES.filter((name) => !SHADOWED_TABLES.includes(name))) await db.run(`DELETE FROM ${table}`);
  }

  async replayed(em: EntityManager): Promise<void> {
    const db = inTransaction(em);
    await shadowTables.rewrite(db, 'item_history', ITEM_HISTORY_COLUMNS, WITH_VERSION_ENDS);
    for (const statement of DERIVED_AFTER_REPLAY) await db.run(statement);
    await db.run(`INSERT INTO item_levels (${ITEM_LEVEL_COLUMNS}) SELECT ${ITEM_LEVEL_COLUMNS} FROM items`);
    await db.run('ALTER TABLE items ENABLE TRIGGER USER');
    await shadowTables.commit(db, SHADOWED_TABLES);
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    const db = inTransaction(em);
    for (const table of ITEM_TABLES) await db.run(`DELETE FROM ${table} WHERE workspace_id = ?`, [workspaceId]);
  }
}

/**
 * In one round trip: the current state of the items the batch touches, and which of its owners were
 * purged (their events are ignored: a late or replayed one must not bring their data back). Planned
 * each time with the ids bound (runSql): the items table grows fast during a bulk import.
 */
async function loadState(db: Db, events: ItemEvent[]): Promise<{ items: Map<string, ItemSnapshot>; purged: Set<string> }> {
  const ids = (values: string[]) => [...new Set(values)];
  const [row] = await db.rows<{ items: ItemRow[] | null; purged: string[] | null }>(
    `SELECT (SELECT json_agg(i) FROM (
               SELECT item_id, workspace_id, name, sku, category_id, unit_price::text AS unit_price, reorder_level, stock, active,
                      version, ${isoTimeSql('updated_at')} AS updated_at
                 FROM items WHERE item_id = ANY(?::text[])) i) AS items,
            (SELECT json_agg(workspace_id) FROM purged_workspaces WHERE workspace_id = ANY(?::text[])) AS purged`,
    [ids(events.map((e) => e.data.itemId)), ids(events.map((e) => e.metadata.workspaceId))],
    { planEachTime: true },
  );
  return { items: new Map((row.items ?? []).map((item) => [item.item_id, toSnapshot(item)])), purged: new Set(row.purged ?? []) };
}

function toSnapshot(row: ItemRow): ItemSnapshot {
  return {
    itemId: row.item_id,
    workspaceId: row.workspace_id,
    name: row.name,
    sku: row.sku,
    categoryId: row.category_id,
    unitPrice: row.unit_price,
    reorderLevel: row.reorder_level,
    stock: row.stock,
    active: row.active,
    version: row.version,
    at: row.updated_at,
  };
}

const itemRow = (s: ItemSnapshot) => ({
  item_id: s.itemId,
  workspace_id: s.workspaceId,
  name: s.name,
  sku: s.sku,
  category_id: s.categoryId,
  unit_price: s.unitPrice,
  reorder_level: s.reorderLevel,
  stock: s.stock,
  active: s.active,
  version: s.version,
  updated_at: s.at,
});

// Written out rather than spread from itemRow: an object spread and then extended is built in V8's
// slow dictionary form, and a rebuild makes a million of these (9 s instead of 0.2, docs/reports.md "Rebuilds").
const historyRow = (event: ItemEvent, before: ItemSnapshot | null, after: ItemSnapshot) => ({
  item_id: after.itemId,
  workspace_id: after.workspaceId,
  name: after.name,
  sku: after.sku,
  category_id: after.categoryId,
  unit_price: after.unitPrice,
  reorder_level: after.reorderLevel,
  stock: after.stock,
  active: after.active,
  version: after.version,
  event_id: event.id,
  occurred_at: after.at,
  prev_active: before?.active ?? false,
  prev_stock: before?.stock ?? 0,
  prev_unit_price: before?.unitPrice ?? '0',
  prev_reorder_level: before?.reorderLevel ?? 0,
  prev_category_id: before?.categoryId ?? null,
});

const movementRow = (event: ItemEvent, after: ItemSnapshot, movement: MovementRecord) => ({
  event_id: event.id,
  movement_id: movement.movementId,
  item_id: after.itemId,
  workspace_id: after.workspaceId,
  version: after.version,
  movement_type: movement.type,
  quantity: movement.quantity,
  delta: movement.delta,
  occurred_at: after.at,
  // Who recorded it, as the event names them (absent in events from before names were recorded).
  user_id: event.metadata.userId,
  user_name: event.metadata.userName ?? null,
});

const totalsRow = (before: ItemSnapshot | null, after: ItemSnapshot) => ({
  workspace_id: after.workspaceId,
  before_active: before?.active ?? false,
  before_low: isLowStock(before),
  before_stock: before?.stock ?? 0,
  before_price: before?.unitPrice ?? '0',
  before_category: before?.categoryId ?? null,
  after_active: after.active,
  after_low: isLowStock(after),
  after_stock: after.stock,
  after_price: after.unitPrice,
  after_category: after.categoryId,
});
