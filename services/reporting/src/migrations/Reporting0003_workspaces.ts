import { Migration } from '@mikro-orm/migrations';

/**
 * The read models belong to workspaces (docs/workspaces.md). Every row was its owner's, and each
 * owner's data moves into their personal workspace, whose id is the owner's user id: the column is
 * renamed, no value changes. Movements also record who made them (user_id, user_name: the actor's
 * display name at the time; unknown for movements recorded before this change).
 */
export class Reporting0003Workspaces extends Migration {
  override async up(): Promise<void> {
    for (const table of ['items', 'item_history', 'movements', 'categories', 'item_totals'])
      this.addSql(`ALTER TABLE ${table} RENAME COLUMN user_id TO workspace_id`);
    this.addSql('ALTER INDEX items_user RENAME TO items_workspace');
    this.addSql('ALTER INDEX item_history_user_item_time RENAME TO item_history_workspace_item_time');
    this.addSql('ALTER INDEX item_history_user_time RENAME TO item_history_workspace_time');
    this.addSql('ALTER INDEX movements_user_time RENAME TO movements_workspace_time');
    this.addSql('ALTER INDEX categories_user RENAME TO categories_workspace');
    this.addSql('ALTER TABLE movements ADD COLUMN user_id text, ADD COLUMN user_name text');
    // Before workspaces, the owner made every movement of their items.
    this.addSql('UPDATE movements SET user_id = workspace_id');
    this.addSql('ALTER TABLE purged_users RENAME TO purged_workspaces');
    this.addSql('ALTER TABLE purged_workspaces RENAME COLUMN user_id TO workspace_id');
  }
}
