import { Migration } from '@mikro-orm/migrations';

/**
 * The reporting read models, all fed by events and rebuildable from them. Ids from other services are
 * text (their format is theirs). Money is numeric: sums stay exact.
 *
 * - items: each item's state now (dashboard and current reports).
 * - item_history: the item's state after every one of its events, append-only. Stock at a past
 *   instant is the latest row at or before it; value_delta (change of stock × price, 0 while archived)
 *   sums to the total value at any instant.
 * - movements: every stock change (recent activity, movement report).
 * - categories: kept after deletion (deleted_at), so a past report names the category of its time.
 * - purged_users: users deleted; their later or replayed events are ignored.
 */
export class Reporting0001ReadModels extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE items (
        item_id text PRIMARY KEY,
        user_id text NOT NULL,
        name text NOT NULL,
        sku text,
        category_id text,
        unit_price numeric(12, 2) NOT NULL,
        reorder_level integer NOT NULL,
        stock integer NOT NULL,
        active boolean NOT NULL,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql('CREATE INDEX items_user ON items (user_id)');
    this.addSql(`
      CREATE TABLE item_history (
        event_id text PRIMARY KEY,
        item_id text NOT NULL,
        user_id text NOT NULL,
        version integer NOT NULL,
        occurred_at timestamptz NOT NULL,
        name text NOT NULL,
        sku text,
        category_id text,
        unit_price numeric(12, 2) NOT NULL,
        reorder_level integer NOT NULL,
        stock integer NOT NULL,
        active boolean NOT NULL,
        value_delta numeric NOT NULL
      )`);
    this.addSql('CREATE INDEX item_history_user_item_time ON item_history (user_id, item_id, occurred_at DESC, version DESC)');
    // INCLUDE: the value history sums value_delta from the index alone.
    this.addSql('CREATE INDEX item_history_user_time ON item_history (user_id, occurred_at) INCLUDE (value_delta)');
    this.addSql(`
      CREATE TABLE movements (
        event_id text PRIMARY KEY,
        movement_id text NOT NULL,
        item_id text NOT NULL,
        user_id text NOT NULL,
        version integer NOT NULL,
        movement_type text NOT NULL,
        quantity integer NOT NULL,
        delta integer NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    this.addSql('CREATE INDEX movements_user_time ON movements (user_id, occurred_at DESC, version DESC)');
    this.addSql(`
      CREATE TABLE categories (
        category_id text PRIMARY KEY,
        user_id text NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    this.addSql('CREATE INDEX categories_user ON categories (user_id)');
    this.addSql('CREATE TABLE purged_users (user_id text PRIMARY KEY, purged_at timestamptz NOT NULL)');
  }
}
