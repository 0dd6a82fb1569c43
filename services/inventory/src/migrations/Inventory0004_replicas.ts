import { Migration } from '@mikro-orm/migrations';

/**
 * Local copies of the names of the catalog's categories and of the locations, fed by their events.
 * A deleted one stays as a tombstone so that it can be refused as a new reference.
 */
export class Inventory0004Replicas extends Migration {
  override async up(): Promise<void> {
    for (const table of ['category_replicas', 'location_replicas']) {
      this.addSql(`
        CREATE TABLE ${table} (
          id text PRIMARY KEY,
          user_id text NOT NULL,
          name text NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`);
      this.addSql(`CREATE INDEX ${table}_user ON ${table} (user_id)`);
    }
  }
}
