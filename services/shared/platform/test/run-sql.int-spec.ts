import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  copyRows,
  ensureDatabase,
  inTransaction,
  isStatementTimeout,
  ormConfig,
  runSql,
  withDatabase,
  withinCallerDeadline,
} from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const dbName = `platform_sql_${randomUUID().slice(0, 8)}`;
let orm: MikroORM;

beforeAll(async () => {
  await ensureDatabase(testServers.pgUrl(), dbName);
  orm = await MikroORM.init(ormConfig({ pgUrl: testServers.pgUrl(), dbName, entities: [], migrations: [] }));
  await runSql(orm.em.fork(), 'CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, data jsonb)');
});

afterAll(async () => {
  await orm?.close();
  const admin = new pg.Client({ connectionString: withDatabase(testServers.pgUrl(), 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe('runSql', () => {
  it('stores values verbatim, quotes, question marks and JSON included', async () => {
    const em = orm.em.fork();
    const body = `O'Brien's "bolts"? 100% \\ done; DROP TABLE notes; --`;
    await runSql(em, 'INSERT INTO notes (id, body, data) VALUES (?, ?, ?::jsonb)', [1, body, JSON.stringify({ q: "it's ?" })]);
    expect(await runSql(em, 'SELECT body, data FROM notes WHERE id = ?', [1])).toEqual([{ body, data: { q: "it's ?" } }]);
  });

  it('binds an array as one PostgreSQL array for = ANY(?)', async () => {
    const em = orm.em.fork();
    await runSql(em, 'INSERT INTO notes (id, body) VALUES (?, ?), (?, ?)', [2, 'two', 3, 'three']);
    const rows = await runSql<{ id: number }>(em, 'SELECT id FROM notes WHERE id = ANY(?) ORDER BY id', [[2, 3, 99]]);
    expect(rows.map((row) => row.id)).toEqual([2, 3]);
  });

  it('runs in the transaction of the entity manager: a rollback undoes it', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        await runSql(em, 'INSERT INTO notes (id, body) VALUES (?, ?)', [4, 'four']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await runSql(orm.em.fork(), 'SELECT id FROM notes WHERE id = ?', [4])).toEqual([]);
  });

  it('refuses a statement of a transaction that has ended, rather than run it on a connection back in the pool', async () => {
    let ended: EntityManager | undefined;
    await orm.em.fork().transactional(async (em) => {
      ended = em;
      await runSql(em, 'SELECT 1');
    });
    await expect(runSql(ended!, 'INSERT INTO notes (id, body) VALUES (?, ?)', [5, 'five'])).rejects.toThrow(
      'Transaction query already complete',
    );
    expect(await runSql(orm.em.fork(), 'SELECT id FROM notes WHERE id = ?', [5])).toEqual([]);
  });

  it("answers a failed statement with PostgreSQL's error, which names neither the statement nor its values", async () => {
    const secret = `secret-${randomUUID()}`;
    const error = (await runSql(orm.em.fork(), 'INSERT INTO notes (id, body) VALUES (?, ?)', [1, secret]).catch((e: unknown) => e)) as {
      code?: string;
      message: string;
    };
    expect(error.code).toBe('23505');
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain('INSERT');
  });

  it('refuses an undefined value before sending anything', async () => {
    await expect(runSql(orm.em.fork(), 'INSERT INTO notes (id, body) VALUES (?, ?)', [6, undefined])).rejects.toThrow(
      'parameter 2 is undefined',
    );
    expect(await runSql(orm.em.fork(), 'SELECT id FROM notes WHERE id = ?', [6])).toEqual([]);
  });

  it('prepares a statement once per connection, unless it is to be planned at each run', async () => {
    const prepared = (em: EntityManager, text: string) =>
      runSql<{ n: number }>(em, 'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = ?', [text]);
    await orm.em.fork().transactional(async (em) => {
      await runSql(em, 'SELECT ?::int AS each_time', [1], { planEachTime: true });
      await runSql(em, 'SELECT ?::int AS kept', [1]);
      expect(await prepared(em, 'SELECT $1::int AS each_time')).toEqual([{ n: 0 }]);
      expect(await prepared(em, 'SELECT $1::int AS kept')).toEqual([{ n: 1 }]);
    });
  });

  it('keeps answering once more distinct statements were sent than it prepares', async () => {
    const em = orm.em.fork();
    for (let i = 0; i < 250; i++) {
      expect(await runSql<{ n: number }>(em, `SELECT ?::int + ${i} AS n`, [1])).toEqual([{ n: 1 + i }]);
    }
  });
});

describe('copyRows', () => {
  const columns = ['id', 'body', 'tags', 'data', 'done'];
  beforeAll(() => runSql(orm.em.fork(), 'CREATE TABLE copied (id int PRIMARY KEY, body text, tags text[], data jsonb, done boolean)'));

  it("stores every value as it was, the text format's delimiters, quotes, NULL-like text and empty arrays included", async () => {
    const awkward = 'tab\there\nline\r\\N back\\slash "quoted" {braces}, commas, ✓';
    const rows = [
      [1, awkward, ['a "b"', 'c\\d', '', 'NULL', 'x,y', '{z}'], JSON.stringify({ text: awkward, list: [] }), true],
      [2, '\\N', [], '[]', false],
      [3, null, null, null, null],
    ];
    await copyRows(orm.em.fork(), 'copied', columns, rows);
    expect(await runSql(orm.em.fork(), 'SELECT id, body, tags, data, done FROM copied ORDER BY id')).toEqual([
      { id: 1, body: awkward, tags: ['a "b"', 'c\\d', '', 'NULL', 'x,y', '{z}'], data: { text: awkward, list: [] }, done: true },
      { id: 2, body: '\\N', tags: [], data: [], done: false },
      { id: 3, body: null, tags: null, data: null, done: null },
    ]);
  });

  it("runs in the entity manager's transaction, after the statements before it: a rollback undoes it", async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        const db = inTransaction(em);
        await db.run('INSERT INTO copied (id, body) VALUES (?, ?)', [10, 'before']);
        await db.copy('copied', columns, [[11, 'copied', null, null, null]]);
        expect(await db.rows('SELECT id FROM copied WHERE id >= 10 ORDER BY id')).toEqual([{ id: 10 }, { id: 11 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await runSql(orm.em.fork(), 'SELECT id FROM copied WHERE id >= 10')).toEqual([]);
  });

  it('writes none of the rows when one is refused, and the connection serves the next statement', async () => {
    const error = await copyRows(orm.em.fork(), 'copied', columns, [
      [20, 'fine', null, null, null],
      [20, 'the same key', null, null, null],
    ]).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('23505');
    expect(await runSql(orm.em.fork(), 'SELECT id FROM copied WHERE id = ?', [20])).toEqual([]);
  });

  it('refuses a document that is not JSON text, before sending anything', async () => {
    await expect(copyRows(orm.em.fork(), 'copied', columns, [[30, null, null, { not: 'text' }, null]])).rejects.toThrow(
      'a JSON document goes as its text',
    );
  });
});

describe('withinCallerDeadline', () => {
  it('stops a statement that runs past the deadline, quickly, and says so', async () => {
    const started = performance.now();
    const error = await withinCallerDeadline(orm.em, () => runSql(orm.em, 'SELECT pg_sleep(5)'), 200).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(isStatementTimeout(error)).toBe(true);
  });

  it('runs the reads through the global entity manager in its transaction, and leaves other connections alone', async () => {
    const inside = await withinCallerDeadline(
      orm.em,
      () => runSql<{ timeout: string }>(orm.em, "SELECT current_setting('statement_timeout') AS timeout"),
      1500,
    );
    expect(inside).toEqual([{ timeout: '1500ms' }]);
    expect(await runSql(orm.em.fork(), "SELECT current_setting('statement_timeout') AS timeout")).toEqual([{ timeout: '0' }]);
  });
});
