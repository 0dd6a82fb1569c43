import { Migration } from '@mikro-orm/migrations';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction, shadowTables } from '@inventory/platform';
import { ITEM_HISTORY_COLUMNS, WITH_VERSION_ENDS } from '../read-models/version-ends.js';

/**
 * item_history.superseded_at, each version's end (read-models/version-ends.ts): a report at a past
 * instant keeps the versions it walks by a filter on their own row instead of a probe each
 * (docs/reports.md, "Version ends"). The versions already kept get their ends in a copy of the
 * table, written in one pass sorted by item and swapped in with its indexes built afresh, as a
 * rebuild does (shadowTables): an update of every row would move each one's 13 index entries
 * (1,111,100 versions: over 4 minutes, and the table twice its size).
 */
export class Reporting0011VersionEnds extends Migration {
  override async up(): Promise<void> {
    const db = inTransaction(this.getEntityManager() as unknown as EntityManager);
    await db.run('ALTER TABLE item_history ADD COLUMN superseded_at timestamptz');
    await shadowTables.begin(db, ['item_history']);
    // The copy is first on the search path: the unqualified name is the copy, public's the versions kept.
    await db.run(`INSERT INTO item_history (${ITEM_HISTORY_COLUMNS}) ${WITH_VERSION_ENDS('public.item_history')}`);
    await shadowTables.commit(db, ['item_history']);
  }
}
