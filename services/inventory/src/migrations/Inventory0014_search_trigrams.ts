import { Migration } from '@mikro-orm/migrations';

/**
 * The item list's search is a case-insensitive substring of the name or the SKU (ILIKE '%…%'):
 * trigram indexes answer it without reading every item of a large workspace (docs/reports.md, "At scale").
 * pg_trgm is a trusted extension: the database's owner may create it.
 */
export class Inventory0014SearchTrigrams extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    this.addSql('CREATE INDEX item_views_name_trgm ON item_views USING gin (name gin_trgm_ops) WHERE is_active');
    this.addSql('CREATE INDEX item_views_sku_trgm ON item_views USING gin (sku gin_trgm_ops) WHERE is_active');
  }
}
