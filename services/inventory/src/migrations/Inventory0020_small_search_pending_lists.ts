import { Migration } from '@mikro-orm/migrations';

/**
 * The search's trigram indexes (Inventory0018) keep a short pending list. A GIN index gathers new
 * entries in a list that every search reads whole, until the list reaches gin_pending_list_limit
 * (4 MB by default) and is merged. A stock movement writes a new row version, so under movements
 * the list stays long: at 1,000,000 items, the name index's part of a search took 9–11 ms with a
 * 1.4 MB list and 1–1.5 ms without. 64 kB keeps that read short; writes merge small lists more often.
 */
export class Inventory0020SmallSearchPendingLists extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER INDEX item_views_workspace_name_trgm SET (gin_pending_list_limit = 64)');
    this.addSql('ALTER INDEX item_views_workspace_sku_trgm SET (gin_pending_list_limit = 64)');
  }
}
