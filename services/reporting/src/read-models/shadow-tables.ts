import type { inTransaction } from './sql.js';

type Db = ReturnType<typeof inTransaction>;

/** Where a rebuild fills its copies of the tables it replaces (only ever one rebuild at a time: its consumer's lock). */
const SHADOW_SCHEMA = 'rebuild';

/**
 * A rebuild's large tables, filled beside the live ones and swapped in at its commit (docs/reports.md,
 * "Rebuilds"). Each copy starts with its columns and checks only, so the replay's millions of rows
 * maintain no index; the indexes are built once, sorted, at the end. In one long transaction every
 * row would otherwise put a version in every index: item_history has 5, items 17.
 *
 * `begin` creates the copies and puts them first on the transaction's search path, so the
 * projection's statements (unqualified names) write them while readers keep the live tables.
 * `keyed` copies keep their primary key from the start (an upsert needs it).
 */
export const shadowTables = {
  async begin(db: Db, tables: readonly string[], keyed: readonly string[] = []): Promise<void> {
    await db.run(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
    for (const table of tables) {
      await db.run(`CREATE TABLE ${SHADOW_SCHEMA}.${table} (LIKE public.${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
      if (keyed.includes(table)) await copyConstraints(db, table, "contype = 'p'");
    }
    await db.run(`SELECT set_config('search_path', ? || ', ' || current_setting('search_path'), true)`, [SHADOW_SCHEMA]);
  },

  /**
   * Replaces a copy's rows by `select` over them (given the copy's name; its `columns`), before its indexes are
   * built: for a column derived from many of its rows at once, one sorted pass instead of an update
   * of each row, which in the rebuild's transaction would leave every old row beside its new one.
   */
  async rewrite(db: Db, table: string, columns: string, select: (source: string) => string): Promise<void> {
    const rewritten = `${table}_rewritten`;
    await db.run(`CREATE TABLE ${SHADOW_SCHEMA}.${rewritten} (LIKE ${SHADOW_SCHEMA}.${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await db.run(`INSERT INTO ${SHADOW_SCHEMA}.${rewritten} (${columns}) ${select(`${SHADOW_SCHEMA}.${table}`)}`);
    await db.run(`DROP TABLE ${SHADOW_SCHEMA}.${table}`);
    await db.run(`ALTER TABLE ${SHADOW_SCHEMA}.${rewritten} RENAME TO ${table}`);
  },

  /**
   * Builds each copy's indexes and constraints as the live table has them, gives the planner its
   * statistics, and puts it in the live table's place. Readers wait only for the swap itself.
   */
  async commit(db: Db, tables: readonly string[]): Promise<void> {
    // Room for the index builds' sorts (PostgreSQL's default is 64 MB), for this transaction only: at
    // 11 million versions an index that cannot deduplicate built in 41 s with 1 GB, 47.5 s with 256 MB
    // (docs/reports.md, "Rebuilds").
    await db.run("SELECT set_config('maintenance_work_mem', '1GB', true)");
    for (const table of tables) {
      await copyConstraints(
        db,
        table,
        `conname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = '${SHADOW_SCHEMA}.${table}'::regclass)`,
      );
      const indexes = await db.rows<{ definition: string }>(
        `SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
          WHERE i.indrelid = ?::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
        [`public.${table}`],
      );
      for (const { definition } of indexes) await db.run(definition.replace(` ON public.${table} `, ` ON ${SHADOW_SCHEMA}.${table} `));
      await db.run(`ANALYZE ${SHADOW_SCHEMA}.${table}`);
    }
    for (const table of tables) {
      await db.run(`DROP TABLE public.${table}`);
      await db.run(`ALTER TABLE ${SHADOW_SCHEMA}.${table} SET SCHEMA public`);
    }
    await db.run(`DROP SCHEMA ${SHADOW_SCHEMA}`);
    await db.run(`SELECT set_config('search_path', regexp_replace(current_setting('search_path'), '^' || ? || ', ', ''), true)`, [
      SHADOW_SCHEMA,
    ]);
  },
};

/** The live table's constraints that `which` selects, added to its copy under the same names. */
async function copyConstraints(db: Db, table: string, which: string): Promise<void> {
  const constraints = await db.rows<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = ?::regclass AND contype IN ('p', 'u', 'x') AND ${which}`,
    [`public.${table}`],
  );
  for (const { name, definition } of constraints)
    await db.run(`ALTER TABLE ${SHADOW_SCHEMA}.${table} ADD CONSTRAINT ${name} ${definition}`);
}
