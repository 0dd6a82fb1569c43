import { Migration } from '@mikro-orm/migrations';

/**
 * The item read model, written in the same transaction as each append; it doubles as the snapshot
 * the next command starts from (`version` = events folded into the row). `stock` holds the
 * per-location quantities ([{ locationId, quantity }], null = unassigned). Ids from other services
 * are text: their format is theirs.
 */
export class Inventory0002ItemViews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE item_views (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        name varchar(200) NOT NULL,
        sku text,
        description text,
        unit_price numeric(10, 2) NOT NULL,
        current_stock int NOT NULL CHECK (current_stock >= 0),
        reorder_level int NOT NULL CHECK (reorder_level >= 0),
        category_id text,
        location_id text,
        image_url text,
        stock jsonb NOT NULL DEFAULT '[]',
        is_active boolean NOT NULL,
        version int NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    // The list: a user's active items, newest first.
    this.addSql('CREATE INDEX item_views_list ON item_views (user_id, created_at DESC, id DESC) WHERE is_active');
    // SKU unique per user among active items, ignoring case; the index makes it race-safe.
    this.addSql('CREATE UNIQUE INDEX item_views_sku ON item_views (user_id, lower(sku)) WHERE sku IS NOT NULL AND is_active');
    this.addSql('CREATE INDEX item_views_category ON item_views (category_id) WHERE category_id IS NOT NULL');
    this.addSql('CREATE INDEX item_views_location ON item_views (location_id) WHERE location_id IS NOT NULL');
    this.addSql('CREATE INDEX item_views_stock ON item_views USING gin (stock jsonb_path_ops)');
  }
}
