import { Migration } from '@mikro-orm/migrations';

/**
 * The movement export (docs/import-export.md) reads a workspace's movements in time order, a page
 * at a time: this index finds each page without scanning the store. The workspace is the event's
 * own; events from before workspaces name only their owner, whose personal workspace has their id
 * (the upcaster's rule, written in SQL; the export's query repeats this expression exactly).
 */
export class Inventory0010MovementsByWorkspace extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`CREATE INDEX events_workspace_movements ON events ((coalesce(metadata->>'workspaceId', metadata->>'userId')), recorded_at, position)
      WHERE data->>'movementId' IS NOT NULL`);
  }
}
