import { Migration } from '@mikro-orm/migrations';

/**
 * Bulk imports (docs/import-export.md): one row per uploaded file with its mapping and progress;
 * what each imported row did (so an import can be undone) and the rows refused, with why.
 */
export class Inventory0009Imports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE imports (
        id uuid PRIMARY KEY,
        workspace_id text NOT NULL,
        created_by text NOT NULL,
        created_by_name text,
        file_name text NOT NULL,
        object_key text NOT NULL,
        file_size bigint NOT NULL,
        columns jsonb NOT NULL,
        row_count int NOT NULL,
        status text NOT NULL,
        mode text,
        mapping jsonb,
        new_categories jsonb NOT NULL DEFAULT '[]',
        new_locations jsonb NOT NULL DEFAULT '[]',
        processed int NOT NULL DEFAULT 0,
        created int NOT NULL DEFAULT 0,
        updated int NOT NULL DEFAULT 0,
        unchanged int NOT NULL DEFAULT 0,
        skipped int NOT NULL DEFAULT 0,
        errors int NOT NULL DEFAULT 0,
        failure text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    this.addSql('CREATE INDEX imports_workspace ON imports (workspace_id, created_at DESC)');
    this.addSql(`
      CREATE TABLE import_rows (
        import_id uuid NOT NULL REFERENCES imports ON DELETE CASCADE,
        row_number int NOT NULL,
        item_id uuid NOT NULL,
        action text NOT NULL,
        version_after int NOT NULL,
        previous jsonb,
        movement_id uuid,
        PRIMARY KEY (import_id, row_number)
      )`);
    this.addSql(`
      CREATE TABLE import_errors (
        import_id uuid NOT NULL REFERENCES imports ON DELETE CASCADE,
        row_number int NOT NULL,
        seq int NOT NULL,
        column_name text,
        message text NOT NULL,
        PRIMARY KEY (import_id, row_number, seq)
      )`);
  }
}
