import { Migration } from '@mikro-orm/migrations';

/**
 * Items, replicas, alerts and counts belong to a workspace (docs/workspaces.md). Every row was its
 * owner's, and each owner's data moves into their personal workspace, whose id is the owner's user
 * id: the columns are renamed, no value changes. Items also keep who created them (created_by: the
 * owner, for items from before this change). Idempotency keys stay per user: a client's key is its own.
 */
export class Inventory0008Workspaces extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE item_views RENAME COLUMN user_id TO workspace_id');
    this.addSql('ALTER TABLE item_views ADD COLUMN created_by text');
    this.addSql('UPDATE item_views SET created_by = workspace_id');
    this.addSql('ALTER TABLE item_views ALTER COLUMN created_by SET NOT NULL');
    for (const table of ['category_replicas', 'location_replicas', 'low_stock_watch']) {
      this.addSql(`ALTER TABLE ${table} RENAME COLUMN user_id TO workspace_id`);
      this.addSql(`ALTER INDEX ${table}_user RENAME TO ${table}_workspace`);
    }
    this.addSql('ALTER TABLE alerts RENAME COLUMN user_id TO workspace_id');
    this.addSql('ALTER TABLE item_counts RENAME COLUMN user_id TO workspace_id');
    // The trigger function names the column in its body (the triggers follow the rename by themselves).
    this.addSql(`
      CREATE OR REPLACE FUNCTION count_active_items() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_active THEN
          UPDATE item_counts SET active = active - 1 WHERE workspace_id = OLD.workspace_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_active THEN
          INSERT INTO item_counts (workspace_id, active) VALUES (NEW.workspace_id, 1)
          ON CONFLICT (workspace_id) DO UPDATE SET active = item_counts.active + 1;
        END IF;
        RETURN NULL;
      END $$`);
  }
}
