import { Migration } from '@mikro-orm/migrations';

/**
 * Read model of where items have stock, fed by inventory events: each item's owner and activity, and
 * its positive quantity per location (the unassigned bucket is not a location). Ids from other
 * services are text: their format is theirs, and a surprise there must not poison the consumer.
 */
export class Locations0002LocationItems extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE location_items (
        item_id text PRIMARY KEY,
        user_id text NOT NULL,
        active boolean NOT NULL DEFAULT true
      )`);
    this.addSql('CREATE INDEX location_items_user ON location_items (user_id) WHERE active');
    this.addSql(`
      CREATE TABLE location_item_stock (
        item_id text NOT NULL,
        location_id text NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        PRIMARY KEY (item_id, location_id)
      )`);
    this.addSql('CREATE INDEX location_item_stock_location ON location_item_stock (location_id)');
  }
}
