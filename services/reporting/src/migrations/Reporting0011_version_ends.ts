import { Migration } from '@mikro-orm/migrations';
import { SUPERSEDED_AT } from '../read-models/version-ends.js';

/**
 * item_history.superseded_at, each version's end (read-models/version-ends.ts): a report at a past
 * instant keeps the versions it walks by a filter on their own row instead of a probe each
 * (docs/reports.md, "Version ends"). Every version but each item's latest is given its end here, in
 * one pass sorted by item (a rewrite of most of the table's rows).
 */
export class Reporting0011VersionEnds extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE item_history ADD COLUMN superseded_at timestamptz');
    this.addSql(`
      UPDATE item_history h SET superseded_at = ended.superseded_at
        FROM (SELECT event_id, ${SUPERSEDED_AT} AS superseded_at FROM item_history) ended
       WHERE ended.event_id = h.event_id AND ended.superseded_at IS NOT NULL`);
  }
}
