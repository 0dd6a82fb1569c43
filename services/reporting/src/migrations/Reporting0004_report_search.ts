import { Migration } from '@mikro-orm/migrations';

/**
 * Report pages at scale (docs/reports.md): trigram indexes for the report's search (a substring of
 * the name or SKU), the inventory report's own order (by name) as an index, and active items by category.
 * pg_trgm is a trusted extension: the database's owner may create it.
 */
export class Reporting0004ReportSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    this.addSql('CREATE INDEX items_name_trgm ON items USING gin (name gin_trgm_ops)');
    this.addSql('CREATE INDEX items_sku_trgm ON items USING gin (sku gin_trgm_ops)');
    this.addSql('CREATE INDEX items_workspace_name ON items (workspace_id, lower(name), item_id) WHERE active');
    // Which categories hold active items: the plain report's category count, a probe per category.
    this.addSql('CREATE INDEX items_workspace_category ON items (workspace_id, category_id) WHERE active');
  }
}
