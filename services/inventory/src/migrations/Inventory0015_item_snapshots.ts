import { Migration } from '@mikro-orm/migrations';

/**
 * The write side's own state of each item (docs/architecture.md, "A write"): written with every
 * append, in its statement, and read (locked) by the next command, so the item list's rows are only
 * a read model. Items written before it have no row until their next write, which folds their
 * stream once. A lower fill factor leaves room on each page for the new version of a row, so the
 * frequent rewrites of a busy item stay heap-only (no index update).
 */
export class Inventory0015ItemSnapshots extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE item_snapshots (
      item_id uuid PRIMARY KEY,
      workspace_id text NOT NULL,
      version int NOT NULL,
      state jsonb NOT NULL
    ) WITH (fillfactor = 80)`);
    this.addSql('CREATE INDEX item_snapshots_workspace ON item_snapshots (workspace_id)');
  }
}
