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

/**
 * Serialises the two projections that write items.category_name (Reporting0006) for these
 * categories, until the transaction ends: each then reads what the other committed. Without it, an
 * item folded while its category is being created would read no name, and the category's update of
 * its items would not see the item: left unnamed. Taken in one order (sorted), so none deadlocks.
 */
export async function lockCategories(db: ReturnType<typeof inTransaction>, categoryIds: (string | null)[]): Promise<void> {
  const ids = [...new Set(categoryIds.filter((id): id is string => id !== null))].sort();
  if (ids.length === 0) return;
  // PostgreSQL takes the locks after sorting (volatile functions in the select list run after ORDER BY).
  await db.run("SELECT pg_advisory_xact_lock(hashtextextended('category:' || id, 0)) FROM unnest(?::text[]) AS id ORDER BY id", [ids]);
}
