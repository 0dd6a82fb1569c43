import { Migration } from '@mikro-orm/migrations';

/**
 * item_counts (Inventory0007) counts a workspace's items once per statement, from the rows it wrote,
 * instead of once per row. Row by row, a statement that wrote thousands of a workspace's items (a
 * rebuild deletes and writes them all in one transaction, an import a few thousand at a time)
 * updated the workspace's one counter row as often, each time adding a version of that row its
 * transaction could not yet prune; every update then walked all the versions before it, so the
 * work grew with the square of the items: a rebuild of the list of 100,000 items ran for over 15
 * minutes (docs/reports.md, "Rebuilds"). The update trigger stays by row: its WHEN keeps it out of
 * every write that leaves is_active as it was (every movement), and a statement-level trigger
 * cannot have one.
 */
export class Inventory0024ItemCountsByStatement extends Migration {
  override async up(): Promise<void> {
    // Workspaces in order, so that two statements writing items of the same workspaces lock their
    // counter rows in the same order.
    this.addSql(`
      CREATE FUNCTION count_inserted_items() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO item_counts (workspace_id, active)
        SELECT workspace_id, count(*) FROM inserted_items WHERE is_active GROUP BY workspace_id ORDER BY workspace_id
        ON CONFLICT (workspace_id) DO UPDATE SET active = item_counts.active + excluded.active;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE FUNCTION count_deleted_items() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE item_counts c SET active = c.active - d.active
          FROM (SELECT workspace_id, count(*) AS active FROM deleted_items WHERE is_active GROUP BY workspace_id) d
         WHERE c.workspace_id = d.workspace_id;
        RETURN NULL;
      END $$`);
    this.addSql('DROP TRIGGER item_counts_insert ON item_views');
    this.addSql('DROP TRIGGER item_counts_delete ON item_views');
    this.addSql(`CREATE TRIGGER item_counts_insert AFTER INSERT ON item_views REFERENCING NEW TABLE AS inserted_items
      FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_items()`);
    this.addSql(`CREATE TRIGGER item_counts_delete AFTER DELETE ON item_views REFERENCING OLD TABLE AS deleted_items
      FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_items()`);
  }
}
