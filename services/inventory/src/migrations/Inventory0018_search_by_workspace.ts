import { Migration } from '@mikro-orm/migrations';

/**
 * The item list's substring search (Inventory0014) with the workspace in its trigram indexes: a
 * search reads its own workspace's matches only, so one large workspace no longer slows every other
 * workspace's search (at 100,000 items in one workspace, another's search of 2,000 items took
 * 120 ms p95 under 8 clients, from visiting and dropping the large one's 13,000 matches).
 * btree_gin puts the workspace id beside the trigrams; like pg_trgm it is a trusted extension.
 */
export class Inventory0018SearchByWorkspace extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE EXTENSION IF NOT EXISTS btree_gin');
    this.addSql('CREATE INDEX item_views_workspace_name_trgm ON item_views USING gin (workspace_id, name gin_trgm_ops) WHERE is_active');
    this.addSql('CREATE INDEX item_views_workspace_sku_trgm ON item_views USING gin (workspace_id, sku gin_trgm_ops) WHERE is_active');
    this.addSql('DROP INDEX item_views_name_trgm');
    this.addSql('DROP INDEX item_views_sku_trgm');
  }
}
