import { Migration } from '@mikro-orm/migrations';

/**
 * Lots and expiry dates (docs/expiry.md). An item's lots live with its row, as its stock does; the
 * nearest expiry date is kept beside them for the list's filters and the daily expiry scan, which
 * look only at the few rows that have one. The warning days are a workspace setting inventory owns.
 */
export class Inventory0013Lots extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE item_views ADD COLUMN lots jsonb NOT NULL DEFAULT '[]', ADD COLUMN nearest_expiry date`);
    this.addSql(
      'CREATE INDEX item_views_nearest_expiry ON item_views (workspace_id, nearest_expiry) WHERE is_active AND nearest_expiry IS NOT NULL',
    );
    this.addSql(`CREATE TABLE inventory_settings (
      workspace_id text PRIMARY KEY,
      expiry_warning_days int NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
}
