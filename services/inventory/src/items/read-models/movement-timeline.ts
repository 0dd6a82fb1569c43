import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MAX_MOVEMENTS_PAGE,
  type ItemEvent,
  type ListMovementsQuery,
  type MovementEntry,
  type TimelineEntryType,
} from '@inventory/contracts';
import { sqlOf } from '../../database/sql.js';
import { itemStreamId, toEvent, type EventRow } from '../../event-store/event-store.js';
import { movementChanges } from '../domain/item.decider.js';
import { referenceNames, type ReferenceNames } from './reference-names.js';

type Entry = Omit<MovementEntry, 'locationName' | 'toLocationName' | 'undoneBy'>;

/** The timeline entry an event records, or null for events that move no stock. */
export function movementEntryOf(event: ItemEvent): Entry | null {
  const changes = movementChanges(event);
  if (!changes || !('movementId' in event.data)) return null;
  const delta = changes.reduce((sum, change) => sum + change.delta, 0);
  const base = {
    id: event.data.movementId,
    itemId: event.data.itemId,
    delta,
    stockAfter: event.data.stockAfter.total,
    reason: event.data.reason,
    userId: event.metadata.userId,
    userName: event.metadata.userName ?? null,
    createdAt: event.occurredAt,
    undoes: null,
  };
  // The lots it touched where the entry says it happened (a transfer's source): docs/expiry.md.
  const lotsAt = (locationId: string | null) => {
    const lots = ('lotChanges' in event.data ? (event.data.lotChanges ?? []) : [])
      .filter((change) => change.locationId === locationId)
      .map(({ lot, expiresOn, delta }) => ({ lot, expiresOn, quantity: Math.abs(delta) }));
    return lots.length > 0 ? { lots } : {};
  };
  const at = (type: TimelineEntryType, quantity: number, locationId: string | null, toLocationId: string | null = null): Entry => ({
    ...base,
    movementType: type,
    quantity,
    locationId,
    toLocationId,
    ...lotsAt(locationId),
  });
  switch (event.type) {
    case 'StockReceived':
      return at('in', event.data.quantity, event.data.locationId);
    case 'StockIssued':
      return at('out', event.data.quantity, event.data.locationId);
    case 'StockAdjusted':
      return at('adjustment', event.data.newLevel, event.data.locationId);
    case 'StockTransferred':
      return at('transfer', event.data.quantity, event.data.fromLocationId, event.data.toLocationId);
    case 'StockRelocated':
      return at('relocation', event.data.quantity, event.data.fromLocationId);
    case 'MovementUndone': {
      // An undone transfer moves stock back: it leaves where the delta is negative.
      const from = changes.find((c) => c.delta < 0) ?? changes[0];
      const to = changes.find((c) => c !== from) ?? null;
      const quantity = Math.max(...changes.map((c) => Math.abs(c.delta)));
      return { ...at('undo', quantity, from.locationId, to?.locationId ?? null), undoes: event.data.undoneMovementId };
    }
    default:
      return null;
  }
}

/** The movement an event records, named, for the answer to the write that made it. */
export function movementOf(event: ItemEvent, names: ReferenceNames): MovementEntry {
  const entry = movementEntryOf(event);
  if (!entry) throw new Error(`event ${event.type} records no movement`);
  return withNames(entry, names, null);
}

/** An item's movements from its events, newest first; the caller has checked the item is the user's. */
export async function listMovements(
  em: EntityManager,
  workspaceId: string,
  itemId: string,
  query: ListMovementsQuery,
): Promise<MovementEntry[]> {
  const sql = sqlOf(em);
  const streamId = itemStreamId(itemId);
  const params: unknown[] = [streamId];
  let before = '';
  if (query.before) {
    before = `AND version < (SELECT version FROM events WHERE stream_id = ? AND data->>'movementId' = ?)`;
    params.push(streamId, query.before);
  }
  const rows = await sql<EventRow>(
    `SELECT event_id, stream_id, version, type, data, metadata, recorded_at FROM events
      WHERE stream_id = ? AND data->>'movementId' IS NOT NULL ${before} ORDER BY version DESC LIMIT ?`,
    [...params, Math.min(query.limit ?? 100, MAX_MOVEMENTS_PAGE)],
  );
  const entries = rows.map((row) => movementEntryOf(toEvent(row))).filter((entry): entry is Entry => entry !== null);
  if (entries.length === 0) return [];
  const undos = await sql<{ undone: string; undo: string }>(
    `SELECT data->>'undoneMovementId' AS undone, data->>'movementId' AS undo FROM events
      WHERE stream_id = ? AND data->>'undoneMovementId' = ANY(?)`,
    [streamId, entries.map((e) => e.id)],
  );
  const undoneBy = new Map(undos.map((row) => [row.undone, row.undo]));
  const names = await referenceNames(
    em,
    workspaceId,
    [],
    entries.flatMap((e) => [e.locationId, e.toLocationId]),
  );
  return entries.map((entry) => withNames(entry, names, undoneBy.get(entry.id) ?? null));
}

function withNames(entry: Entry, names: ReferenceNames, undoneBy: string | null): MovementEntry {
  return { ...entry, locationName: names.locationEver(entry.locationId), toLocationName: names.locationEver(entry.toLocationId), undoneBy };
}
