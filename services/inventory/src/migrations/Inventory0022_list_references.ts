import { Migration } from '@mikro-orm/migrations';

/**
 * Each item's references as the list reads them (refs_json: [id, category, place, stock, lots]),
 * written with the row, so that a page joins stored text instead of turning five columns into JSON
 * for every row it reads (item-views.ts, pageRowsSql). Nullable and not filled here: adding it
 * rewrites nothing at any size, and the list makes the text itself for a row written before.
 */
export class Inventory0022ListReferences extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE item_views ADD COLUMN refs_json text');
  }
}
