import { Migration } from '@mikro-orm/migrations';

/**
 * The name and SKU sorts' indexes (Inventory0016) also hold the column their key is made of, so a
 * deep page's walk past the rows before it reads the index alone (listItemsJson). PostgreSQL
 * answers from an index only when it holds every column the query names, and `lower(name)` names
 * `name`. At 100,000 items the walk to the middle page by name took 83 ms with heap visits and 20
 * without (docs/reports.md, "At scale"). Built anew under the same names.
 */
export class Inventory0021SortsInTheIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql('DROP INDEX item_views_by_name');
    this.addSql('CREATE INDEX item_views_by_name ON item_views (workspace_id, lower(name), id) INCLUDE (name) WHERE is_active');
    this.addSql('DROP INDEX item_views_by_sku');
    this.addSql('CREATE INDEX item_views_by_sku ON item_views (workspace_id, lower(sku), id) INCLUDE (sku) WHERE is_active');
  }
}
