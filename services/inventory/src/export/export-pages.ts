import { EXPORT_PAGE_MAX_BYTES } from '@inventory/contracts';
import { readCursor, writeCursor } from '@inventory/platform';
import { SORT_TIME } from '../database/sql.js';

export const CURSOR_INVALID = 'The export cursor is not valid';

/** Where a keyset page starts: after this (time, tie-breaker) pair of the sort order. */
export interface PageKey {
  time: string;
  tiebreak: string;
}

/** The `next` of a page: the sort key of its last row (writeCursor). The gateway passes it back as it is. */
const cursorOf = (key: PageKey): string => writeCursor([key.time, key.tiebreak]);

/** A cursor as cursorOf wrote it; anything else (a hand-made one) is refused rather than reaching SQL. */
export function keyOf(cursor: string, tiebreak: RegExp): PageKey {
  const [time, rest] = readCursor(cursor, [{ pattern: SORT_TIME }, { pattern: tiebreak }], CURSOR_INVALID) as string[];
  return { time, tiebreak: rest };
}

/**
 * A keyset page of what was found (at most `limit` rows, in order) as it is sent: the exported rows
 * that fit one NATS message (EXPORT_PAGE_MAX_BYTES, at least one row), and the cursor of the next
 * page unless this one holds the last row.
 */
export function pageOf<Found, Row>(
  found: readonly Found[],
  exported: readonly Row[],
  limit: number,
  keyOfRow: (row: Found) => PageKey,
  maxBytes = EXPORT_PAGE_MAX_BYTES,
): { rows: Row[]; next: string | null } {
  const count = rowsWithin(exported, maxBytes);
  const more = count < found.length || found.length === limit;
  return { rows: exported.slice(0, count), next: more ? cursorOf(keyOfRow(found[count - 1])) : null };
}

function rowsWithin(rows: readonly unknown[], maxBytes: number): number {
  let bytes = 0;
  for (let i = 0; i < rows.length; i++) {
    bytes += Buffer.byteLength(JSON.stringify(rows[i])) + 1;
    if (bytes > maxBytes && i > 0) return i;
  }
  return rows.length;
}
