import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql, type RunSqlOptions } from '@inventory/platform';

/** Statements of a projection: runSql in the transaction `em` belongs to (the consumer's or the rebuild's), never outside one. */
export function inTransaction(em: EntityManager) {
  if (!em.getTransactionContext()) throw new Error('projections write inside the consumer’s transaction');
  return {
    run: async (sql: string, params: unknown[] = []): Promise<void> => void (await runSql(em, sql, params)),
    rows: <T extends object>(sql: string, params: unknown[] = [], options?: RunSqlOptions): Promise<T[]> =>
      runSql<T>(em, sql, params, options),
  };
}

/** Events of purged users are ignored: a late or replayed event must not bring their data back. */
export const IS_PURGED = 'EXISTS (SELECT 1 FROM purged_workspaces WHERE workspace_id = ?)';
