import { Migration } from '@mikro-orm/migrations';

/**
 * item_history's pages keep a tenth free (fill factor 90), so that a version's end, written when
 * its item's next event arrives (read-models/version-ends.ts), is an update in place (HOT): none of
 * the table's indexes reads superseded_at, but PostgreSQL rewrites a row in place only when its page
 * has room for the new version. In full pages most ends were a new version of the row in all 13
 * indexes (docs/reports.md, "Version ends"). Pages written from now on keep the room. The table is
 * not rewritten here (at 11 million versions that takes minutes), nor by a rebuild (shadowTables
 * fills its copies whole): a version written before may still move when it ends, once.
 */
export class Reporting0012HistoryRoomForEnds extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE item_history SET (fillfactor = 90)');
  }
}
