import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportMapping, ImportMode, ImportRowError, ImportStatus, ImportView } from '@inventory/contracts';
import { isoTimeSql, jsonRows } from '@inventory/platform';
import { sqlOf } from '../database/sql.js';

/** An import's row, as the worker and the handlers use it. */
export interface ImportRecord extends ImportView {
  workspaceId: string;
  objectKey: string;
  columns: string[];
  mapping: ImportMapping | null;
  /** Categories and places the preview found missing, by name: made before the run. */
  newCategories: string[];
  newLocations: string[];
}

interface ImportRow {
  id: string;
  workspace_id: string;
  created_by: string;
  created_by_name: string | null;
  file_name: string;
  object_key: string;
  columns: string[];
  row_count: number;
  status: ImportStatus;
  mode: ImportMode | null;
  mapping: ImportMapping | null;
  new_categories: string[];
  new_locations: string[];
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: number;
  failure: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const COLUMNS = `id, workspace_id, created_by, created_by_name, file_name, object_key, columns, row_count, status, mode, mapping,
  new_categories, new_locations, processed,
  created, updated, unchanged, skipped, errors, failure, ${isoTimeSql('created_at')} AS created_at,
  ${isoTimeSql('started_at')} AS started_at, ${isoTimeSql('finished_at')} AS finished_at`;

/** Imports listed in the history, newest first. */
const HISTORY_SIZE = 100;

function recordOf(row: ImportRow): ImportRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    objectKey: row.object_key,
    columns: row.columns,
    mapping: row.mapping,
    newCategories: row.new_categories,
    newLocations: row.new_locations,
    fileName: row.file_name,
    status: row.status,
    mode: row.mode,
    total: row.row_count,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    skipped: row.skipped,
    errors: row.errors,
    createdBy: { id: row.created_by, name: row.created_by_name },
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    failure: row.failure,
  };
}

/** The API's view of an import: without where its file lies. */
export function viewOf({
  workspaceId: _w,
  objectKey: _o,
  columns: _c,
  mapping: _m,
  newCategories: _nc,
  newLocations: _nl,
  ...view
}: ImportRecord): ImportView {
  return view;
}

export interface NewImport {
  id: string;
  workspaceId: string;
  createdBy: string;
  createdByName: string | null;
  fileName: string;
  objectKey: string;
  size: number;
  columns: string[];
  rowCount: number;
}

export async function insertImport(em: EntityManager, i: NewImport): Promise<void> {
  await sqlOf(em)(
    `INSERT INTO imports (id, workspace_id, created_by, created_by_name, file_name, object_key, file_size, columns, row_count, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, 'uploaded') ON CONFLICT (id) DO NOTHING`,
    [i.id, i.workspaceId, i.createdBy, i.createdByName, i.fileName, i.objectKey, i.size, JSON.stringify(i.columns), i.rowCount],
  );
}

/** One of the workspace's imports (locked until the transaction ends with `lock`), or null. */
export async function findImport(em: EntityManager, workspaceId: string, id: string, { lock = false } = {}): Promise<ImportRecord | null> {
  const [row] = await sqlOf(em)<ImportRow>(
    `SELECT ${COLUMNS} FROM imports WHERE id = ?::uuid AND workspace_id = ?${lock ? ' FOR UPDATE' : ''}`,
    [id, workspaceId],
  );
  return row ? recordOf(row) : null;
}

export async function listImports(em: EntityManager, workspaceId: string): Promise<ImportView[]> {
  const rows = await sqlOf(em)<ImportRow>(
    `SELECT ${COLUMNS} FROM imports WHERE workspace_id = ? ORDER BY created_at DESC LIMIT ${HISTORY_SIZE}`,
    [workspaceId],
  );
  return rows.map((row) => viewOf(recordOf(row)));
}

/** Records a preview: its mapping and mode are what a run will use; its errors replace earlier ones. */
export async function savePreview(
  em: EntityManager,
  id: string,
  preview: {
    mode: ImportMode;
    mapping: ImportMapping;
    invalid: number;
    errors: ImportRowError[];
    newCategories: string[];
    newLocations: string[];
  },
): Promise<void> {
  const sql = sqlOf(em);
  await sql(
    `UPDATE imports SET status = 'previewed', mode = ?, mapping = ?::jsonb, errors = ?, new_categories = ?::jsonb, new_locations = ?::jsonb
     WHERE id = ?::uuid`,
    [
      preview.mode,
      JSON.stringify(preview.mapping),
      preview.invalid,
      JSON.stringify(preview.newCategories),
      JSON.stringify(preview.newLocations),
      id,
    ],
  );
  await sql('DELETE FROM import_errors WHERE import_id = ?::uuid', [id]);
  await insertErrors(em, id, preview.errors);
}

/** Rows' errors, numbered per row. */
export async function insertErrors(em: EntityManager, id: string, errors: ImportRowError[]): Promise<void> {
  if (errors.length === 0) return;
  const seq = new Map<number, number>();
  const rows = errors.map(({ row, column, message }) => {
    const n = (seq.get(row) ?? 0) + 1;
    seq.set(row, n);
    return { row_number: row, seq: n, column_name: column, message };
  });
  await sqlOf(em)(
    `INSERT INTO import_errors (import_id, row_number, seq, column_name, message)
     SELECT ?::uuid, row_number, seq, column_name, message FROM ${jsonRows('row_number int, seq int, column_name text, message text')}
     ON CONFLICT DO NOTHING`,
    [id, JSON.stringify(rows)],
  );
}

export async function errorsPage(
  em: EntityManager,
  id: string,
  afterRow: number,
  limit: number,
): Promise<{ errors: ImportRowError[]; next: number | null }> {
  // Whole rows per page, so that continuing after the last row never splits one.
  const rows = await sqlOf(em)<{ row_number: number; column_name: string | null; message: string }>(
    `SELECT row_number, column_name, message FROM import_errors
     WHERE import_id = ?::uuid AND row_number > ? AND row_number <= (
       SELECT coalesce(max(row_number), ?) FROM (SELECT DISTINCT row_number FROM import_errors WHERE import_id = ?::uuid AND row_number > ? ORDER BY 1 LIMIT ?) r)
     ORDER BY row_number, seq`,
    [id, afterRow, afterRow, id, afterRow, limit],
  );
  const errors = rows.map((r) => ({ row: r.row_number, column: r.column_name, message: r.message }));
  return { errors, next: rows.length === 0 ? null : rows[rows.length - 1].row_number };
}

/** Moves an import from one status to the next if it is in `from`; whether it did. A run starts its counts afresh. */
export async function moveStatus(
  em: EntityManager,
  workspaceId: string,
  id: string,
  from: ImportStatus[],
  to: ImportStatus,
): Promise<boolean> {
  const moved = await sqlOf(em)(
    `UPDATE imports SET status = ?,
       started_at = CASE WHEN ? = 'running' THEN now() ELSE started_at END,
       processed = CASE WHEN ? = 'running' THEN 0 ELSE processed END,
       errors = CASE WHEN ? = 'running' THEN 0 ELSE errors END
     WHERE id = ?::uuid AND workspace_id = ? AND status = ANY(?::text[]) RETURNING id`,
    [to, to, to, to, id, workspaceId, from],
  );
  return moved.length > 0;
}

export interface ChunkCounts {
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: number;
}

/** Adds a chunk's counts; run in the chunk's transaction, so the cursor and the writes commit together. */
export async function addChunkCounts(em: EntityManager, id: string, c: ChunkCounts): Promise<void> {
  await sqlOf(em)(
    `UPDATE imports SET processed = processed + ?, created = created + ?, updated = updated + ?, unchanged = unchanged + ?,
       skipped = skipped + ?, errors = errors + ? WHERE id = ?::uuid`,
    [c.processed, c.created, c.updated, c.unchanged, c.skipped, c.errors, id],
  );
}

export async function finishImport(em: EntityManager, id: string, status: ImportStatus, failure: string | null = null): Promise<void> {
  await sqlOf(em)(`UPDATE imports SET status = ?, failure = ?, finished_at = now() WHERE id = ?::uuid`, [status, failure, id]);
}

export interface ImportedRow {
  row: number;
  itemId: string;
  action: 'created' | 'updated';
  versionAfter: number;
  /** For an update: the values it replaced. */
  previous: { details: Record<string, unknown>; reorderLevel?: number } | null;
  /** The stock movement it recorded, if any (undone on undo). */
  movementId: string | null;
}

export async function insertImportedRows(em: EntityManager, id: string, rows: ImportedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({
    row_number: r.row,
    item_id: r.itemId,
    action: r.action,
    version_after: r.versionAfter,
    previous: r.previous,
    movement_id: r.movementId,
  }));
  await sqlOf(em)(
    `INSERT INTO import_rows (import_id, row_number, item_id, action, version_after, previous, movement_id)
     SELECT ?::uuid, row_number, item_id, action, version_after, previous, movement_id
       FROM ${jsonRows('row_number int, item_id uuid, action text, version_after int, previous jsonb, movement_id uuid')}`,
    [id, JSON.stringify(records)],
  );
}

export async function importedRowsPage(em: EntityManager, id: string, afterRow: number, limit: number): Promise<ImportedRow[]> {
  const rows = await sqlOf(em)<{
    row_number: number;
    item_id: string;
    action: 'created' | 'updated';
    version_after: number;
    previous: ImportedRow['previous'];
    movement_id: string | null;
  }>(
    `SELECT row_number, item_id, action, version_after, previous, movement_id FROM import_rows
     WHERE import_id = ?::uuid AND row_number > ? ORDER BY row_number LIMIT ?`,
    [id, afterRow, limit],
  );
  return rows.map((r) => ({
    row: r.row_number,
    itemId: r.item_id,
    action: r.action,
    versionAfter: r.version_after,
    previous: r.previous,
    movementId: r.movement_id,
  }));
}

/** Items the import wrote that have changed since (their version moved on), with one name for the message. */
export async function changedSince(em: EntityManager, id: string): Promise<{ count: number; example: string | null }> {
  const [row] = await sqlOf(em)<{ count: number; example: string | null }>(
    `SELECT count(*)::int AS count, min(v.name) AS example FROM import_rows r JOIN item_views v ON v.id = r.item_id
     WHERE r.import_id = ?::uuid AND v.version <> r.version_after`,
    [id],
  );
  return row;
}
