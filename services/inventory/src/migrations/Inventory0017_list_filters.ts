import { Migration } from '@mikro-orm/migrations';
import { STOCK_STATUSES, StockSql } from '@inventory/contracts';

/**
 * The item list filtered by status or by category, at any size: each filter has a partial index in
 * the list's own order (newest first), so a page is the index's first entries and the count of the
 * matches (X-Total-Count) an index-only scan of them, not a pass over every item (docs/reports.md,
 * "At scale"). The predicates are the list's own (StockSql.status), so PostgreSQL can prove them.
 */
export class Inventory0017ListFilters extends Migration {
  override async up(): Promise<void> {
    for (const status of STOCK_STATUSES)
      this.addSql(
        `CREATE INDEX item_views_${status.replaceAll('-', '_')} ON item_views (workspace_id, created_at DESC, id DESC)
           WHERE is_active AND ${StockSql.status(status)}`,
      );
    this.addSql('CREATE INDEX item_views_by_category ON item_views (workspace_id, category_id, created_at DESC, id DESC) WHERE is_active');
  }
}
