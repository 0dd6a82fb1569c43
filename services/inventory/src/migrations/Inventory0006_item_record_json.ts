import { Migration } from '@mikro-orm/migrations';

/**
 * The item's view as JSON text, all of it but the names of its category and places (those come
 * from the replicas when read): written with the row, so that a list page is read as text instead
 * of being parsed column by column and serialized again. Rows from before get it on first listing.
 */
export class Inventory0006ItemRecordJson extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE item_views ADD COLUMN record_json text');
  }
}
