import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/** Named prepared statements per process at most; later new texts run unnamed. */
const MAX_PREPARED = 200;
const preparedNames = new Map<string, string>();

/**
 * Runs SQL with "?" placeholders in the entity manager's transaction, if it has one, and returns the
 * rows. The values travel as bound parameters (MikroORM's Connection.execute splices them into the
 * text, an escape pass in Node and a longer parse in PostgreSQL), and the statement is a named
 * prepared one, so each connection parses and plans a query once (a third of a list page's database
 * time). An array binds as one PostgreSQL array: write `= ANY(?)`, not `IN (?)`.
 */
export async function runSql<T extends object = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
  { planEachTime = false }: RunSqlOptions = {},
): Promise<T[]> {
  const query = em
    .getConnection()
    .getKnex()
    .raw(sql, params as Knex.RawBinding[]);
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (trx) query.transacting(trx);
  const name = planEachTime ? undefined : statementName(sql);
  if (name) query.options({ name });
  const result = (await query) as unknown as { rows: T[] };
  return result.rows;
}

export interface RunSqlOptions {
  /**
   * Unnamed: planned at each run with the values bound, never with a plan PostgreSQL keeps. For a
   * statement on a table that grows fast, e.g. a consumer's state during a bulk import: a named
   * statement may keep a generic plan made while the table was small until the next ANALYZE (a
   * low-stock watch lookup walked the whole primary key, 150 ms a batch at 100,000 items).
   */
  planEachTime?: boolean;
}

/** The same name for the same text: PostgreSQL keeps one prepared statement per name and connection. */
function statementName(sql: string): string | undefined {
  let name = preparedNames.get(sql);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `q${preparedNames.size}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/**
 * Many rows as one "?" parameter, bound to `JSON.stringify(rows)` (objects keyed by column name):
 * `INSERT INTO t (a, b) SELECT a, b FROM ${jsonRows('a int, b text')} ORDER BY ordinality`. The
 * statement's text stays the same whatever the number of rows, so PostgreSQL parses and plans it
 * once per connection, and binding is one string: a VALUES list of 20,000 placeholders took longer
 * to bind and plan than to run (docs/import-export.md, "Measured"). `ordinality` keeps the rows' order
 * (positions, and the order rows are locked in).
 *
 * Rows that carry documents (jsonb columns holding objects or arrays, like an event's data) read
 * faster from a `jsonb` parameter: it is parsed once, where `json` parses each document a second time
 * to store it (2,000 events: 60 ms instead of 94). Flat rows read faster as `json` (1,000: 4 ms, not 8).
 */
export const jsonRows = (columns: string, as: 'json' | 'jsonb' = 'json') =>
  `ROWS FROM (${as}_to_recordset(?::${as}) AS (${columns})) WITH ORDINALITY AS r`;

/** A timestamptz column as ISO 8601 text in UTC, the way events and the API write times. */
export const isoTimeSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
