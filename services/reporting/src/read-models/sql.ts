import type { TransactionSql } from '@inventory/platform';

/** Events of purged users are ignored: a late or replayed event must not bring their data back. */
export const IS_PURGED = 'EXISTS (SELECT 1 FROM purged_workspaces WHERE workspace_id = ?)';

/**
 * Serialises the two projections that write items.category_name (Reporting0006) for these
 * categories, until the transaction ends: each then reads what the other committed. Without it, an
 * item folded while its category is being created would read no name, and the category's update of
 * its items would not see the item: left unnamed. Taken in one order (sorted), so none deadlocks.
 */
export async function lockCategories(db: TransactionSql, categoryIds: (string | null)[]): Promise<void> {
  const ids = [...new Set(categoryIds.filter((id): id is string => id !== null))].sort();
  if (ids.length === 0) return;
  // PostgreSQL takes the locks after sorting (volatile functions in the select list run after ORDER BY).
  await db.run("SELECT pg_advisory_xact_lock(hashtextextended('category:' || id, 0)) FROM unnest(?::text[]) AS id ORDER BY id", [ids]);
}
