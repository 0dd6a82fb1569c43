import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type RunSqlOptions } from '@inventory/platform';

/** Runs SQL ("?" placeholders) in the entity manager's transaction, if it has one: see runSql. */
export type Sql = <T extends object = Record<string, unknown>>(
  query: string,
  params?: readonly unknown[],
  options?: RunSqlOptions,
) => Promise<T[]>;

export const sqlOf =
  (em: EntityManager): Sql =>
  (query, params = [], options) =>
    runSql(em, query, params, options);

/** An id as the services make them (randomUUID): any other id names nothing (and would fail a uuid cast). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamptz sort key as exact text (microseconds, UTC), so that a cursor names one row's place. */
export const sortTimeSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What sortTimeSql writes. */
export const SORT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A PostgreSQL unique violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || violated === constraint);
}

/** PostgreSQL chose this statement's transaction to end a deadlock (it was rolled back). */
export function isDeadlock(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '40P01';
}

/** PostgreSQL's text of a UTC timestamptz, e.g. 2026-11-21 19:27:08.824+00. */
const UTC_TIMESTAMP_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz column as ISO text with milliseconds, like Date#toISOString. The driver hands them
 * over as strings; the usual UTC form is rewritten rather than parsed, as this runs for every row
 * of every list (a Date parse, or to_char in SQL, costs several times more).
 */
export function isoTime(value: string | Date): string {
  const utc = typeof value === 'string' ? UTC_TIMESTAMP_TEXT.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(value).toISOString();
}
