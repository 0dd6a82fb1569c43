import type { TransactionSql } from './sql.js';

/** Where a rebuild fills its copies of the tables it replaces (only ever one rebuild at a time: each service's takes a lock). */
const SHADOW_SCHEMA = 'rebuild';

export interface ShadowOptions {
  /** Copies that keep their primary key from the start (an upsert needs it). */
  keyed?: readonly string[];
  /**
   * Copies that have every index and constraint of the live table from the start: small tables that
   * a trigger looks rows up in as the copies fill (e.g. the inventory's item_barcodes).
   */
  indexed?: readonly string[];
}

/**
 * A rebuild's large tables, filled beside the live ones and swapped in at its commit (docs/reports.md,
 * "Rebuilds"). Each copy starts with its columns, checks and triggers only, so the replay's rows
 * maintain no index; the indexes are built once, sorted, at the end. In one long transaction every
 * row would otherwise put a version in every index: item_history has 13, the reports' items 10 and
 * item_levels 7, the inventory's item_views 12. The copies' pages are filled whole: the live table's storage parameters
 * (the fill factors that leave room in each page for updates in place) are given at the end, for
 * the rows written after the swap.
 *
 * `begin` creates the copies and puts them first on the transaction's search path, so the
 * projection's statements (unqualified names) write them while readers keep the live tables. A
 * copy's triggers write unqualified names too: a table kept by triggers is filled as its copy when
 * it is among the tables shadowed.
 */
export const shadowTables = {
  async begin(db: TransactionSql, tables: readonly string[], { keyed = [], indexed = [] }: ShadowOptions = {}): Promise<void> {
    await db.run(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
    for (const table of tables) {
      await db.run(`CREATE TABLE ${SHADOW_SCHEMA}.${table} (LIKE public.${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
      if (indexed.includes(table)) await copyIndexesAndConstraints(db, table, tables);
      else if (keyed.includes(table)) await copyConstraints(db, table, tables, "contype = 'p'");
      const triggers = await db.rows<{ definition: string }>(
        'SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = ?::regclass AND NOT tgisinternal ORDER BY tgname',
        [`public.${table}`],
      );
      for (const { definition } of triggers) await db.run(inShadow(definition, table));
    }
    await db.run(`SELECT set_config('search_path', ? || ', ' || current_setting('search_path'), true)`, [SHADOW_SCHEMA]);
  },

  /**
   * Replaces a copy's rows by `select` over them (given the copy's name; its `columns`), before its indexes are
   * built: for a column derived from many of its rows at once, one sorted pass instead of an update
   * of each row, which in the rebuild's transaction would leave every old row beside its new one.
   * The new copy has the columns and checks only: for a copy without key or trigger (item_history).
   */
  async rewrite(db: TransactionSql, table: string, columns: string, select: (source: string) => string): Promise<void> {
    const rewritten = `${table}_rewritten`;
    await db.run(`CREATE TABLE ${SHADOW_SCHEMA}.${rewritten} (LIKE ${SHADOW_SCHEMA}.${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await db.run(`INSERT INTO ${SHADOW_SCHEMA}.${rewritten} (${columns}) ${select(`${SHADOW_SCHEMA}.${table}`)}`);
    await db.run(`DROP TABLE ${SHADOW_SCHEMA}.${table}`);
    await db.run(`ALTER TABLE ${SHADOW_SCHEMA}.${rewritten} RENAME TO ${table}`);
  },

  /**
   * Builds each copy's indexes and constraints (foreign keys to tables shadowed with it pointing at
   * their copies) as the live table has them, gives the planner its statistics, and puts it in the
   * live table's place. Readers wait only for the swap itself.
   */
  async commit(db: TransactionSql, tables: readonly string[]): Promise<void> {
    // Room for the index builds' sorts (PostgreSQL's default is 64 MB), for this transaction only: at
    // 11 million versions an index that cannot deduplicate built in 41 s with 1 GB, 47.5 s with 256 MB
    // (docs/reports.md, "Rebuilds").
    await db.run("SELECT set_config('maintenance_work_mem', '1GB', true)");
    for (const table of tables) {
      await copyStorageParameters(db, `public.${table}`, `${SHADOW_SCHEMA}.${table}`);
      await copyIndexesAndConstraints(db, table, tables);
      await db.run(`ANALYZE ${SHADOW_SCHEMA}.${table}`);
    }
    // In one statement: a live table that another of them refers to goes with it.
    await db.run(`DROP TABLE ${tables.map((table) => `public.${table}`).join(', ')}`);
    for (const table of tables) await db.run(`ALTER TABLE ${SHADOW_SCHEMA}.${table} SET SCHEMA public`);
    await db.run(`DROP SCHEMA ${SHADOW_SCHEMA}`);
    await db.run(`SELECT set_config('search_path', regexp_replace(current_setting('search_path'), '^' || ? || ', ', ''), true)`, [
      SHADOW_SCHEMA,
    ]);
  },
};

/**
 * A table's storage parameters, given to another. A fill factor (item_views' 80, item_history's 90)
 * applies to the pages written after it is set: a copy filled whole has fewer pages for the end's
 * passes and index builds to read, and each row's first update after the swap moves it to a page
 * with room, once (docs/reports.md, "Rebuilds").
 */
async function copyStorageParameters(db: TransactionSql, from: string, to: string): Promise<void> {
  const [{ options }] = await db.rows<{ options: string | null }>(
    "SELECT array_to_string(reloptions, ', ') AS options FROM pg_class WHERE oid = ?::regclass",
    [from],
  );
  if (options) await db.run(`ALTER TABLE ${to} SET (${options})`);
}

/** The live table's indexes and constraints that its copy has not got yet, under the same names. */
async function copyIndexesAndConstraints(db: TransactionSql, table: string, shadowed: readonly string[]): Promise<void> {
  await copyConstraints(
    db,
    table,
    shadowed,
    `conname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = '${SHADOW_SCHEMA}.${table}'::regclass)`,
  );
  const indexes = await db.rows<{ definition: string }>(
    `SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i JOIN pg_class index ON index.oid = i.indexrelid
      WHERE i.indrelid = ?::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
        AND index.relname NOT IN (SELECT indexname FROM pg_indexes WHERE schemaname = ? AND tablename = ?)`,
    [`public.${table}`, SHADOW_SCHEMA, table],
  );
  for (const { definition } of indexes) await db.run(inShadow(definition, table));
}

/** The live table's constraints (keys, exclusions, foreign keys) that `which` selects, added to its copy under the same names. */
async function copyConstraints(db: TransactionSql, table: string, shadowed: readonly string[], which: string): Promise<void> {
  const constraints = await db.rows<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = ?::regclass AND contype IN ('p', 'u', 'x', 'f') AND ${which} ORDER BY contype = 'f', conname`,
    [`public.${table}`],
  );
  for (const { name, definition } of constraints) {
    // PostgreSQL names the referenced table as the search path lets it: public.x once the copies come first.
    const references = definition.replace(/REFERENCES (?:public\.)?(\w+)\(/, (whole, referenced: string) =>
      shadowed.includes(referenced) ? `REFERENCES ${SHADOW_SCHEMA}.${referenced}(` : `REFERENCES public.${referenced}(`,
    );
    await db.run(`ALTER TABLE ${SHADOW_SCHEMA}.${table} ADD CONSTRAINT ${name} ${references}`);
  }
}

/** A live table's index or trigger definition, made for its copy. */
const inShadow = (definition: string, table: string): string =>
  definition.replace(` ON public.${table} `, ` ON ${SHADOW_SCHEMA}.${table} `);
