import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, ItemEvent } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { isoTime, sqlOf } from '../database/sql.js';
import { itemStreamId, toEvent, type EventRow } from '../event-store/event-store.js';
import { AlertJobQueue } from './alert-jobs.js';
import { watchStep, type AlertJob, type WatchState } from './low-stock.js';

interface WatchRow {
  item_id: string;
  workspace_id: string;
  version: number;
  stock: number;
  reorder_level: number;
  active: boolean;
  open_crossing_id: string | null;
  open_crossing_version: number | null;
  open_crossing_at: string | null;
}

/**
 * Turns the inventory events into low-stock alert jobs. Crossings depend on order, and a consumer
 * restarted after a crash may get a later event before an earlier one comes back: so an event is
 * only a signal, and the watch applies every event of the item it has not applied yet, read from
 * the event store (PostgreSQL, the source of truth), in version order. An event that comes back
 * later finds its version applied and changes nothing.
 */
@Injectable()
export class LowStockWatch implements EventHandler {
  constructor(private readonly jobs: AlertJobQueue) {}

  handle(envelope: EventEnvelope, em: EntityManager): Promise<void> {
    return this.handleBatch([envelope], em);
  }

  /** A batch costs a few statements whatever its size: that is what lets the watch catch up fast. */
  async handleBatch(envelopes: EventEnvelope[], em: EntityManager): Promise<void> {
    const signalled = new Map<string, number>(); // item id → highest version announced
    for (const envelope of envelopes) {
      if (!envelope.streamId.startsWith('item-')) continue;
      const itemId = (envelope as ItemEvent).data.itemId;
      signalled.set(itemId, Math.max(signalled.get(itemId) ?? 0, envelope.version));
    }
    if (signalled.size === 0) return;
    const sql = sqlOf(em);
    // Planned each time: the watch grows by a row per item, fast during a bulk import (runSql).
    const rows = await sql<WatchRow>(
      'SELECT * FROM low_stock_watch WHERE item_id = ANY(?) ORDER BY item_id FOR UPDATE',
      [[...signalled.keys()]],
      { planEachTime: true },
    );
    const watched = new Map(rows.map((row) => [row.item_id, fromRow(row)]));
    const ranges = [...signalled]
      .map(([itemId, version]) => ({ itemId, from: (watched.get(itemId)?.version ?? 0) + 1, to: version }))
      .filter((r) => r.from <= r.to);
    const jobs: AlertJob[] = [];
    const changed: WatchState[] = [];
    // Nothing in the store for an item means its history was purged with its user.
    for (const [itemId, events] of await readRanges(em, ranges)) {
      let state = watched.get(itemId) ?? null;
      for (const event of events) {
        const step = watchStep(state, event);
        state = step.state;
        if (step.job) jobs.push(step.job);
      }
      if (state) changed.push(state);
    }
    await save(em, changed);
    await this.jobs.add(jobs);
  }

  async reset(em: EntityManager): Promise<void> {
    await sqlOf(em)('DELETE FROM low_stock_watch');
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    await sqlOf(em)('DELETE FROM low_stock_watch WHERE workspace_id = ?', [workspaceId]);
  }
}

/**
 * The events of each item within its version range, oldest first, in one query: an index probe per
 * item (the LATERAL subquery, kept apart by its ORDER BY). As a plain join the planner took the
 * ranges for 100 rows, whatever their number, and read the whole event store per batch: 75 ms a
 * batch at 200,000 events during a bulk import, and growing with the store.
 */
async function readRanges(em: EntityManager, ranges: { itemId: string; from: number; to: number }[]): Promise<Map<string, ItemEvent[]>> {
  const byItem = new Map<string, ItemEvent[]>();
  if (ranges.length === 0) return byItem;
  const rows = await sqlOf(em)<EventRow>(
    `SELECT e.event_id, e.stream_id, e.version, e.type, e.data, e.metadata, e.recorded_at
       FROM jsonb_to_recordset(?::jsonb) AS r(stream_id text, "from" int, "to" int)
       CROSS JOIN LATERAL (
         SELECT * FROM events WHERE events.stream_id = r.stream_id AND events.version BETWEEN r."from" AND r."to" ORDER BY events.version
       ) e
      ORDER BY e.stream_id, e.version`,
    [JSON.stringify(ranges.map((r) => ({ stream_id: itemStreamId(r.itemId), from: r.from, to: r.to })))],
  );
  for (const event of rows.map(toEvent)) {
    const itemId = event.data.itemId;
    byItem.set(itemId, [...(byItem.get(itemId) ?? []), event]);
  }
  return byItem;
}

async function save(em: EntityManager, states: WatchState[]): Promise<void> {
  if (states.length === 0) return;
  const rows = states.map((state) => ({
    item_id: state.itemId,
    workspace_id: state.workspaceId,
    version: state.version,
    stock: state.stock,
    reorder_level: state.reorderLevel,
    active: state.active,
    open_crossing_id: state.openCrossing?.eventId ?? null,
    open_crossing_version: state.openCrossing?.version ?? null,
    open_crossing_at: state.openCrossing?.at ?? null,
  }));
  await sqlOf(em)(
    `INSERT INTO low_stock_watch
     SELECT * FROM jsonb_populate_recordset(null::low_stock_watch, ?::jsonb)
     ON CONFLICT (item_id) DO UPDATE SET version = excluded.version, stock = excluded.stock, reorder_level = excluded.reorder_level,
       active = excluded.active, open_crossing_id = excluded.open_crossing_id, open_crossing_version = excluded.open_crossing_version,
       open_crossing_at = excluded.open_crossing_at`,
    [JSON.stringify(rows)],
  );
}

function fromRow(row: WatchRow): WatchState {
  return {
    itemId: row.item_id,
    workspaceId: row.workspace_id,
    version: row.version,
    stock: row.stock,
    reorderLevel: row.reorder_level,
    active: row.active,
    openCrossing:
      row.open_crossing_id && row.open_crossing_version !== null && row.open_crossing_at
        ? { eventId: row.open_crossing_id, version: row.open_crossing_version, at: isoTime(row.open_crossing_at) }
        : null,
  };
}
