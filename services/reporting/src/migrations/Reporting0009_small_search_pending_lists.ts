import { Migration } from '@mikro-orm/migrations';

/**
 * The report search's trigram indexes (Reporting0004) keep a short pending list, as the item
 * list's do (Inventory0020 says why). A rebuild's copies get the same setting: they are made from
 * these definitions (shadowTables, services/shared/platform).
 */
export class Reporting0009SmallSearchPendingLists extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER INDEX items_name_trgm SET (gin_pending_list_limit = 64)');
    this.addSql('ALTER INDEX items_sku_trgm SET (gin_pending_list_limit = 64)');
  }
}
