import { Migration } from '@mikro-orm/migrations';

/**
 * The item list's sorts (ITEM_SORTS): each is one index scan of the workspace's active items, so a
 * sorted page costs what the newest-first one does at any size (docs/reports.md, "At scale").
 * Newest first, either way, is item_views_list's.
 */
export class Inventory0016ItemSorts extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE INDEX item_views_by_name ON item_views (workspace_id, lower(name), id) WHERE is_active');
    this.addSql('CREATE INDEX item_views_by_sku ON item_views (workspace_id, lower(sku), id) WHERE is_active');
    this.addSql('CREATE INDEX item_views_by_stock ON item_views (workspace_id, current_stock, id) WHERE is_active');
    this.addSql('CREATE INDEX item_views_by_price ON item_views (workspace_id, unit_price, id) WHERE is_active');
  }
}
