import { Migration } from '@mikro-orm/migrations';

/**
 * Low-stock alerts. `low_stock_watch` is the alert consumer's per-item state, applied in stream
 * order. `alerts` is written by the worker; an alert's id is the id of the event whose change
 * crossed the reorder level, so each crossing yields one alert however often its job runs. At most
 * one alert per item is open (not yet resolved by stock going back above the level).
 */
export class Inventory0005Alerts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE low_stock_watch (
        item_id uuid PRIMARY KEY,
        user_id text NOT NULL,
        version int NOT NULL,
        stock int NOT NULL,
        reorder_level int NOT NULL,
        active boolean NOT NULL,
        open_crossing_id uuid,
        open_crossing_version int,
        open_crossing_at timestamptz
      )`);
    this.addSql('CREATE INDEX low_stock_watch_user ON low_stock_watch (user_id)');
    this.addSql(`
      CREATE TABLE alerts (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        item_id uuid NOT NULL,
        crossing_version int NOT NULL,
        is_read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        resolved_at timestamptz
      )`);
    this.addSql('CREATE UNIQUE INDEX alerts_one_open_per_item ON alerts (item_id) WHERE resolved_at IS NULL');
    this.addSql('CREATE INDEX alerts_unread ON alerts (user_id, created_at DESC) WHERE resolved_at IS NULL AND NOT is_read');
    this.addSql('CREATE INDEX alerts_item ON alerts (item_id, crossing_version)');
  }
}
