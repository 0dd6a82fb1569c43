import { Migration } from '@mikro-orm/migrations';

/**
 * Stock counts (docs/counts.md): a session per count and a line per counted item. A line keeps what
 * the books said when the item was counted (its stock at the place and the item's version), so an
 * apply can tell which items moved there since; an applied count's lines keep what was booked.
 */
export class Inventory0012Counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE count_sessions (
        id uuid PRIMARY KEY,
        workspace_id text NOT NULL,
        location_id text,
        category_id text,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'applied', 'cancelled')),
        created_by text NOT NULL,
        created_by_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_by text,
        closed_by_name text,
        closed_at timestamptz
      )`);
    this.addSql('CREATE INDEX count_sessions_workspace ON count_sessions (workspace_id, created_at DESC)');
    this.addSql(`
      CREATE TABLE count_lines (
        session_id uuid NOT NULL REFERENCES count_sessions ON DELETE CASCADE,
        item_id uuid NOT NULL,
        counted int NOT NULL,
        expected int NOT NULL,
        item_version int NOT NULL,
        counted_by text NOT NULL,
        counted_by_name text,
        counted_at timestamptz NOT NULL DEFAULT now(),
        unit_price numeric(10, 2),
        movement_id uuid,
        PRIMARY KEY (session_id, item_id)
      )`);
  }
}
