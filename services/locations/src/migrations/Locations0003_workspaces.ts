import { Migration } from '@mikro-orm/migrations';

/**
 * Locations belong to a workspace (docs/workspaces.md). Every existing location moves into its
 * owner's personal workspace, whose id is the owner's user id; user_id stays as "created by".
 */
export class Locations0003Workspaces extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE locations ADD COLUMN workspace_id text');
    this.addSql('UPDATE locations SET workspace_id = user_id');
    this.addSql('ALTER TABLE locations ALTER COLUMN workspace_id SET NOT NULL');
    this.addSql('DROP INDEX locations_user');
    this.addSql('CREATE INDEX locations_workspace ON locations (workspace_id)');
    this.addSql('ALTER TABLE location_items RENAME COLUMN user_id TO workspace_id');
    this.addSql('ALTER INDEX location_items_user RENAME TO location_items_workspace');
  }
}
