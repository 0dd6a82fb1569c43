import { Migration } from '@mikro-orm/migrations';

/**
 * Categories belong to a workspace (docs/workspaces.md). Every existing category moves into its
 * owner's personal workspace, whose id is the owner's user id; user_id stays as "created by".
 */
export class Catalog0003Workspaces extends Migration {
  override async up(): Promise<void> {
    this.addSql('ALTER TABLE categories ADD COLUMN workspace_id text');
    this.addSql('UPDATE categories SET workspace_id = user_id');
    this.addSql('ALTER TABLE categories ALTER COLUMN workspace_id SET NOT NULL');
    this.addSql('DROP INDEX categories_user_name_unique');
    this.addSql('CREATE UNIQUE INDEX categories_workspace_name_unique ON categories (workspace_id, lower(name))');
    this.addSql('ALTER TABLE category_items RENAME COLUMN user_id TO workspace_id');
    this.addSql('ALTER INDEX category_items_user_category RENAME TO category_items_workspace_category');
  }
}
