import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** Named prepared statements per process at most; later new texts run unnamed. */
const MAX_PREPARED = 200;
/** Statements by their "?" text: a name while there are fewer than MAX_PREPARED, and the text PostgreSQL reads. */
const statements = new Map<string, Statement>();

interface Statement {
  name?: string;
  text: string;
}

/** What runSql needs of knex's client: its pool's (or, in a transaction, the transaction's) connection. */
interface ConnectionSource {
  acquireConnection(): Promise<pg.ClientBase>;
  releaseConnection(connection: pg.ClientBase): unknown;
}

/**
 * Runs SQL with "?" placeholders in the entity manager's transaction, if it has one, and returns the
 * rows. The values travel as bound parameters (MikroORM's Connection.execute splices them into the
 * text, an escape pass in Node and a longer parse in PostgreSQL), and the statement is a named
 * prepared one, so each connection parses and plans a query once (a third of a list page's database
 * time). An array binds as one PostgreSQL array: write `= ANY(?)`, not `IN (?)`.
 *
 * The statement goes to node-postgres on a connection of knex's pool (MikroORM's), or of the
 * transaction, without knex's query builder and runner around it: they took 40% of the client's CPU
 * per statement (docs/architecture.md, "A request"). So a failed statement's message is
 * PostgreSQL's own, without the statement and its values that knex wrote before it.
 */
export async function runSql<T extends object = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
  { planEachTime = false }: RunSqlOptions = {},
): Promise<T[]> {
  const missing = params.indexOf(undefined);
  if (missing >= 0) throw new Error(`runSql: parameter ${missing + 1} is undefined`);
  // A statement planned each time takes no name: the names are few (MAX_PREPARED).
  const { name, text } = planEachTime ? { name: undefined, text: numberedPlaceholders(sql) } : statementOf(sql);
  // Through its callback: with node-postgres's promise, every result outlived two young-generation
  // collections, and a list page's service ran 34 full collections in 20 s instead of 0-1.
  return withConnection(
    em,
    (connection) =>
      new Promise<T[]>((resolve, reject) =>
        connection.query<T>({ name, text, values: params as unknown[] }, (error, result) => (error ? reject(error) : resolve(result.rows))),
      ),
  );
}

/** Runs `use` on knex's connection for `em`: its transaction's, or one of the pool's for the time it takes. */
async function withConnection<T>(em: EntityManager, use: (connection: pg.ClientBase) => Promise<T>): Promise<T> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  // As knex does: a transaction's connection goes back to the pool when it ends.
  if (trx?.isCompleted()) throw new Error('Transaction query already complete');
  const source = (trx ?? em.getConnection().getKnex()).client as ConnectionSource;
  const connection = await source.acquireConnection();
  try {
    return await use(connection);
  } finally {
    source.releaseConnection(connection);
  }
}

/** Statements ("?" placeholders, as runSql) that must run in one transaction, as a projection's or a rebuild's do. */
export interface TransactionSql {
  run(sql: string, params?: unknown[]): Promise<void>;
  rows<T extends object>(sql: string, params?: unknown[], options?: RunSqlOptions): Promise<T[]>;
  /** copyRows in the transaction. */
  copy(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
}

/** runSql in the transaction `em` belongs to (a consumer's, a rebuild's, a migration's), never outside one. */
export function inTransaction(em: EntityManager): TransactionSql {
  if (!em.getTransactionContext()) throw new Error('these statements run inside a transaction');
  return {
    run: async (sql, params = []) => void (await runSql(em, sql, params)),
    rows: (sql, params = [], options) => runSql(em, sql, params, options),
    copy: (table, columns, rows) => copyRows(em, table, columns, rows),
  };
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

/**
 * The same name for the same text (PostgreSQL keeps one prepared statement per name and
 * connection), and the text with PostgreSQL's numbered placeholders ($1, $2, …) for the "?".
 */
function statementOf(sql: string): Statement {
  const known = statements.get(sql);
  if (known) return known;
  const statement = { text: numberedPlaceholders(sql) };
  if (statements.size >= MAX_PREPARED) return statement;
  const named = { ...statement, name: `q${statements.size}` };
  statements.set(sql, named);
  return named;
}

/** Each "?" as $1, $2, … in order (no "?" of runSql's statements is anything but a placeholder). */
function numberedPlaceholders(sql: string): string {
  let count = 0;
  return sql.replace(/\?/g, () => `$${++count}`);
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

/**
 * Writes rows into `table` by COPY, one statement, in `em`'s transaction if it has one: for a
 * rebuild's bulk writes, where PostgreSQL read a jsonRows parameter of a thousand item rows in 33 ms,
 * most of a statement's time (docs/reports.md, "Rebuilds"). Each row holds its values in the order of
 * `columns`, written as COPY's text format has them (copyText). Row triggers fire as for an INSERT, and
 * statement triggers once for the whole COPY; there is no ON CONFLICT.
 */
export async function copyRows(
  em: EntityManager,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  let text = '';
  for (const row of rows) {
    text += copyText(row[0]);
    for (let column = 1; column < row.length; column++) text += `\t${copyText(row[column])}`;
    text += '\n';
  }
  await withConnection(em, (connection) =>
    pipeline(Readable.from([text]), connection.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`))),
  );
}

/**
 * A value as a field of COPY's text format: NULL for null, an array of text as PostgreSQL's array
 * literal, a string, number or boolean as its text (a json or jsonb column takes its document's JSON
 * text: an empty array would be ambiguous); then a backslash, line feed, carriage return or tab
 * escaped, the format's delimiters ("COPY", "File Formats" in PostgreSQL's manual).
 */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else if (Array.isArray(value) && value.every((element) => typeof element === 'string')) text = arrayLiteral(value);
  else throw new Error('copyText: a JSON document goes as its text');
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (special) => COPY_ESCAPES[special]) : text;
}

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIALS = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text elements as an array literal, each quoted ("Array Value Input" in PostgreSQL's manual). */
const arrayLiteral = (elements: readonly string[]) => `{${elements.map((element) => `"${element.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
