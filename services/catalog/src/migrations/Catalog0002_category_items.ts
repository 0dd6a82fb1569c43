import { Migration } from '@mikro-orm/migrations';

/**
 * Read model of the items per category, fed by inventory events. Ids from other services are text:
 * their format is theirs, and a surprise there must not poison the consumer.
 */
export class Catalog0002CategoryItems extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE category_items (
        item_id text PRIMARY KEY,
        user_id text NOT NULL,
        category_id text,
        active boolean NOT NULL DEFAULT true
      )`);
    this.addSql('CREATE INDEX category_items_user_category ON category_items (user_id, category_id) WHERE active');
  }
}
