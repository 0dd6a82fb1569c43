import type { EntityManager } from '@mikro-orm/postgresql';
import type { CountPerson, CountStatus, CountSummary, LocationQuantity, NamedRef } from '@inventory/contracts';
import { isoTime, sqlOf } from '../database/sql.js';
import { toEvent, type EventRow } from '../event-store/event-store.js';
import { movementChanges } from '../items/domain/item.decider.js';
import { atPlace } from '../items/read-models/item-views.js';

/** A count session as stored (docs/counts.md). `locationId` null: the stock kept at no place. */
export interface CountSession {
  id: string;
  workspaceId: string;
  locationId: string | null;
  categoryId: string | null;
  status: CountStatus;
  createdBy: CountPerson;
  createdAt: string;
  closedBy: CountPerson | null;
  closedAt: string | null;
  countedItems: number;
}

interface SessionRow {
  id: string;
  workspace_id: string;
  location_id: string | null;
  category_id: string | null;
  status: CountStatus;
  created_by: string;
  created_by_name: string | null;
  created_at: string;
  closed_by: string | null;
  closed_by_name: string | null;
  closed_at: string | null;
  counted_items: number;
}

const SESSION_COLUMNS = `s.id, s.workspace_id, s.location_id, s.category_id, s.status, s.created_by, s.created_by_name, s.created_at,
  s.closed_by, s.closed_by_name, s.closed_at, (SELECT count(*)::int FROM count_lines l WHERE l.session_id = s.id) AS counted_items`;

const sessionOf = (row: SessionRow): CountSession => ({
  id: row.id,
  workspaceId: row.workspace_id,
  locationId: row.location_id,
  categoryId: row.category_id,
  status: row.status,
  createdBy: { id: row.created_by, name: row.created_by_name },
  createdAt: isoTime(row.created_at),
  closedBy: row.closed_by === null ? null : { id: row.closed_by, name: row.closed_by_name },
  closedAt: row.closed_at === null ? null : isoTime(row.closed_at),
  countedItems: row.counted_items,
});

export async function insertSession(
  em: EntityManager,
  session: { id: string; workspaceId: string; locationId: string | null; categoryId: string | null; createdBy: CountPerson },
): Promise<void> {
  await sqlOf(em)(
    `INSERT INTO count_sessions (id, workspace_id, location_id, category_id, created_by, created_by_name) VALUES (?, ?, ?, ?, ?, ?)`,
    [session.id, session.workspaceId, session.locationId, session.categoryId, session.createdBy.id, session.createdBy.name],
  );
}

/**
 * One of the workspace's sessions; `lock` 'share' lets counters record lines side by side while an
 * apply or cancel ('update') waits for them, and they for it.
 */
export async function findSession(
  em: EntityManager,
  workspaceId: string,
  id: string,
  lock?: 'share' | 'update',
): Promise<CountSession | null> {
  const locking = lock === 'share' ? ' FOR SHARE OF s' : lock === 'update' ? ' FOR UPDATE OF s' : '';
  const [row] = await sqlOf(em)<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM count_sessions s WHERE s.id = ?::uuid AND s.workspace_id = ?${locking}`,
    [id, workspaceId],
  );
  return row ? sessionOf(row) : null;
}

export async function listSessions(em: EntityManager, workspaceId: string, limit: number): Promise<CountSession[]> {
  const rows = await sqlOf(em)<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM count_sessions s WHERE s.workspace_id = ? ORDER BY s.created_at DESC, s.id DESC LIMIT ?`,
    [workspaceId, limit],
  );
  return rows.map(sessionOf);
}

export async function openSessionCount(em: EntityManager, workspaceId: string): Promise<number> {
  const [{ open }] = await sqlOf(em)<{ open: number }>(
    `SELECT count(*)::int AS open FROM count_sessions WHERE workspace_id = ? AND status = 'open'`,
    [workspaceId],
  );
  return open;
}

export async function closeSession(em: EntityManager, id: string, status: 'applied' | 'cancelled', by: CountPerson): Promise<void> {
  await sqlOf(em)(`UPDATE count_sessions SET status = ?, closed_by = ?, closed_by_name = ?, closed_at = now() WHERE id = ?::uuid`, [
    status,
    by.id,
    by.name,
    id,
  ]);
}

/** The names of the sessions' place and category; deleted ones keep their name (a count is history). */
export async function scopeNames(
  em: EntityManager,
  workspaceId: string,
  sessions: readonly CountSession[],
): Promise<(session: CountSession) => Pick<CountSummary, 'location' | 'category'>> {
  const locationIds = [...new Set(sessions.flatMap((s) => (s.locationId ? [s.locationId] : [])))];
  const categoryIds = [...new Set(sessions.flatMap((s) => (s.categoryId ? [s.categoryId] : [])))];
  const rows =
    locationIds.length + categoryIds.length === 0
      ? []
      : await sqlOf(em)<{ kind: string; id: string; name: string }>(
          `SELECT 'location' AS kind, id, name FROM location_replicas WHERE workspace_id = ? AND id = ANY(?)
           UNION ALL SELECT 'category' AS kind, id, name FROM category_replicas WHERE workspace_id = ? AND id = ANY(?)`,
          [workspaceId, locationIds, workspaceId, categoryIds],
        );
  const names = new Map(rows.map((row) => [`${row.kind}:${row.id}`, row.name]));
  const ref = (kind: string, id: string | null): NamedRef | null => (id === null ? null : { id, name: names.get(`${kind}:${id}`) ?? '' });
  return (session) => ({ location: ref('location', session.locationId), category: ref('category', session.categoryId) });
}

/** The SQL condition (on item_views v) of an item being in a count's scope, and its parameters. */
function scopeCondition(workspaceId: string, session: Pick<CountSession, 'locationId' | 'categoryId'>): { sql: string; params: unknown[] } {
  // At a place: the item list's rule (atPlace). At no place: items holding stock at no place, or
  // holding none anywhere and having no home (in a workspace without places: every item).
  const { sql: place, params } =
    session.locationId === null
      ? { sql: `(v.stock @> '[{"locationId":null}]'::jsonb OR (v.location_id IS NULL AND v.stock = '[]'::jsonb))`, params: [] as unknown[] }
      : atPlace(workspaceId, session.locationId, 'v');
  if (session.categoryId === null) return { sql: place, params };
  return { sql: `${place} AND v.category_id = ?`, params: [...params, session.categoryId] };
}

export async function scopeSize(
  em: EntityManager,
  workspaceId: string,
  session: Pick<CountSession, 'locationId' | 'categoryId'>,
): Promise<number> {
  const scope = scopeCondition(workspaceId, session);
  const [{ size }] = await sqlOf(em)<{ size: number }>(
    `SELECT count(*)::int AS size FROM item_views v WHERE v.workspace_id = ? AND v.is_active AND ${scope.sql}`,
    [workspaceId, ...scope.params],
  );
  return size;
}

/** An item as a count shows it, with its line if it was counted. */
export interface CountRow {
  itemId: string;
  name: string;
  sku: string | null;
  unitPrice: string;
  stock: LocationQuantity[];
  line: {
    counted: number;
    expected: number;
    itemVersion: number;
    countedBy: CountPerson;
    countedAt: string;
    /** The price an applied count valued the line at. */
    unitPrice: string | null;
  } | null;
}

interface RowOfCount {
  id: string;
  name: string;
  sku: string | null;
  unit_price: string;
  stock: LocationQuantity[];
  counted: number | null;
  expected: number | null;
  item_version: number | null;
  counted_by: string | null;
  counted_by_name: string | null;
  counted_at: string | null;
  line_price: string | null;
}

/**
 * An open count's rows: the active items in scope and any other active item counted here. A closed
 * count's: only the items counted, whatever became of them since.
 */
export async function countRows(em: EntityManager, session: CountSession): Promise<CountRow[]> {
  const scope = scopeCondition(session.workspaceId, session);
  const columns = `v.id, v.name, v.sku, v.unit_price::text AS unit_price, v.stock, l.counted, l.expected, l.item_version,
    l.counted_by, l.counted_by_name, l.counted_at, l.unit_price::text AS line_price`;
  const rows =
    session.status === 'open'
      ? await sqlOf(em)<RowOfCount>(
          `SELECT ${columns} FROM item_views v LEFT JOIN count_lines l ON l.session_id = ?::uuid AND l.item_id = v.id
            WHERE v.workspace_id = ? AND v.is_active AND (l.item_id IS NOT NULL OR (${scope.sql}))
            ORDER BY lower(v.name), v.id`,
          [session.id, session.workspaceId, ...scope.params],
        )
      : await sqlOf(em)<RowOfCount>(
          `SELECT ${columns} FROM count_lines l JOIN item_views v ON v.id = l.item_id AND v.workspace_id = ?
            WHERE l.session_id = ?::uuid ORDER BY lower(v.name), v.id`,
          [session.workspaceId, session.id],
        );
  return rows.map((row) => ({
    itemId: row.id,
    name: row.name,
    sku: row.sku,
    unitPrice: row.unit_price,
    stock: row.stock,
    line:
      row.counted === null
        ? null
        : {
            counted: row.counted,
            expected: row.expected!,
            itemVersion: row.item_version!,
            countedBy: { id: row.counted_by!, name: row.counted_by_name },
            countedAt: isoTime(row.counted_at!),
            unitPrice: row.line_price,
          },
  }));
}

export async function lineCount(em: EntityManager, sessionId: string): Promise<number> {
  const [{ lines }] = await sqlOf(em)<{ lines: number }>('SELECT count(*)::int AS lines FROM count_lines WHERE session_id = ?::uuid', [
    sessionId,
  ]);
  return lines;
}

export async function hasLine(em: EntityManager, sessionId: string, itemId: string): Promise<boolean> {
  const rows = await sqlOf(em)('SELECT 1 FROM count_lines WHERE session_id = ?::uuid AND item_id = ?::uuid', [sessionId, itemId]);
  return rows.length > 0;
}

/** Records (or re-records: a recount) what one person counted of an item, and what the books said then. */
export async function upsertLine(
  em: EntityManager,
  line: { sessionId: string; itemId: string; counted: number; expected: number; itemVersion: number; countedBy: CountPerson },
): Promise<string> {
  const [{ counted_at }] = await sqlOf(em)<{ counted_at: string }>(
    `INSERT INTO count_lines (session_id, item_id, counted, expected, item_version, counted_by, counted_by_name)
     VALUES (?::uuid, ?::uuid, ?, ?, ?, ?, ?)
     ON CONFLICT (session_id, item_id) DO UPDATE SET counted = excluded.counted, expected = excluded.expected,
       item_version = excluded.item_version, counted_by = excluded.counted_by, counted_by_name = excluded.counted_by_name, counted_at = now()
     RETURNING counted_at`,
    [line.sessionId, line.itemId, line.counted, line.expected, line.itemVersion, line.countedBy.id, line.countedBy.name],
  );
  return isoTime(counted_at);
}

/** Lines of items no longer active (archived since they were counted): nothing can be booked on them. */
export async function dropInactiveLines(em: EntityManager, session: CountSession): Promise<void> {
  await sqlOf(em)(
    `DELETE FROM count_lines l WHERE l.session_id = ?::uuid
      AND NOT EXISTS (SELECT 1 FROM item_views v WHERE v.id = l.item_id AND v.workspace_id = ? AND v.is_active)`,
    [session.id, session.workspaceId],
  );
}

/** What an applied count booked per line: the level before, the price it was valued at, the movement. */
export async function recordBooked(
  em: EntityManager,
  sessionId: string,
  booked: readonly { itemId: string; before: number; unitPrice: string; movementId: string | null }[],
): Promise<void> {
  if (booked.length === 0) return;
  await sqlOf(em)(
    `UPDATE count_lines l SET expected = b.before, unit_price = b.price, movement_id = b.movement_id
       FROM unnest(?::uuid[], ?::int[], ?::numeric[], ?::uuid[]) AS b(item_id, before, price, movement_id)
      WHERE l.session_id = ?::uuid AND l.item_id = b.item_id`,
    [booked.map((b) => b.itemId), booked.map((b) => b.before), booked.map((b) => b.unitPrice), booked.map((b) => b.movementId), sessionId],
  );
}

/**
 * The counted items that moved at the count's place after they were counted: any movement after
 * the version the line recorded whose changes touch that place (other places and detail edits do
 * not matter). Read in the caller's transaction, after the items are locked, when applying.
 */
export async function movedSinceCounted(em: EntityManager, session: CountSession): Promise<Set<string>> {
  const rows = await sqlOf(em)<EventRow & { item_id: string }>(
    `SELECT l.item_id, e.event_id, e.stream_id, e.version, e.type, e.data, e.metadata, e.recorded_at
       FROM count_lines l JOIN events e ON e.stream_id = 'item-' || l.item_id::text AND e.version > l.item_version
      WHERE l.session_id = ?::uuid`,
    [session.id],
  );
  const moved = new Set<string>();
  for (const row of rows) {
    const changes = movementChanges(toEvent(row)) ?? [];
    if (changes.some((change) => change.locationId === session.locationId && change.delta !== 0)) moved.add(row.item_id);
  }
  return moved;
}
