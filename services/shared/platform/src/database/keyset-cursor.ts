import { invalid } from '../errors/service-error.js';

/**
 * A keyset cursor: the sort keys of the last row a page sent, as text, opaque to the client
 * (base64url JSON). The next page seeks past them instead of passing every row before it.
 */
export const writeCursor = (keys: readonly (string | null)[]): string => Buffer.from(JSON.stringify(keys)).toString('base64url');

/** What each key of a cursor must look like: its pattern, and whether it may be null (a missing SKU). */
export interface CursorKey {
  pattern: RegExp;
  nullable?: boolean;
}

/**
 * The keys a cursor writeCursor wrote holds, each checked against its shape; anything else (forged,
 * cut, of another order) is a 400 with `message` rather than a value reaching SQL.
 */
export function readCursor(cursor: string, shape: readonly CursorKey[], message: string): (string | null)[] {
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(message);
  }
  const valid =
    Array.isArray(keys) &&
    keys.length === shape.length &&
    keys.every((key, i) => (key === null ? shape[i].nullable === true : typeof key === 'string' && shape[i].pattern.test(key)));
  if (!valid) throw invalid(message);
  return keys as (string | null)[];
}
