import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs statements in the transaction `em` belongs to (the consumer's or the rebuild's). */
export function inTransaction(em: EntityManager) {
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  return {
    run: (sql: string, params: unknown[] = []) => connection.execute(sql, params, 'run', ctx),
    rows: <T>(sql: string, params: unknown[] = []) => connection.execute<T[]>(sql, params, 'all', ctx),
  };
}

/** Events of purged users are ignored: a late or replayed event must not bring their data back. */
export const IS_PURGED = 'EXISTS (SELECT 1 FROM purged_users WHERE user_id = ?)';

/** A timestamptz column as ISO 8601 text in UTC, the way events and the API write times. */
export const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
