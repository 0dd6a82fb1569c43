import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * Runs statements in the transaction `em` belongs to (the consumer's or the rebuild's), through its
 * knex transaction: parameters go to PostgreSQL bound, whereas Connection.execute first inlines them
 * into the SQL text, which costs more than the statement itself for a batch's JSON.
 */
export function inTransaction(em: EntityManager) {
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) throw new Error('projections write inside the consumer’s transaction');
  return {
    run: async (sql: string, params: unknown[] = []): Promise<void> => void (await trx.raw(sql, params as Knex.RawBinding[])),
    rows: async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await trx.raw(sql, params as Knex.RawBinding[])).rows,
  };
}

/** Events of purged users are ignored: a late or replayed event must not bring their data back. */
export const IS_PURGED = 'EXISTS (SELECT 1 FROM purged_workspaces WHERE workspace_id = ?)';

export { isoTimeSql as isoTime } from '@inventory/platform';
