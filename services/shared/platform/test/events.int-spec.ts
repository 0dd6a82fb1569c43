import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Migration } from '@mikro-orm/migrations';
import { EVENTS_STREAM, type EventEnvelope } from '@inventory/contracts';
import {
  EventConsumer,
  connectEvents,
  consumerLockKeys,
  ensureDatabase,
  migrate,
  newEvent,
  ormConfig,
  outboxMigration,
  OutboxRelay,
  processedEventsMigration,
  readOutbox,
  rebuildReadModel,
  type RebuildProgress,
  withDatabase,
  writeOutbox,
  type EventHandler,
  type EventsConnection,
} from '@inventory/platform';
import { eventually, testServers } from '@inventory/platform/testing';
import { AckPolicy } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

class CreateTally extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE TABLE tally (key text PRIMARY KEY, n int NOT NULL)');
  }
}

/** A tiny projection: counts events per key. */
class TallyProjection implements EventHandler {
  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    const { key } = event.data as { key: string };
    await em
      .getConnection()
      .execute(
        'INSERT INTO tally (key, n) VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET n = tally.n + 1',
        [key],
        'run',
        em.getTransactionContext(),
      );
  }
  async reset(em: EntityManager): Promise<void> {
    await em.getConnection().execute('DELETE FROM tally', [], 'run', em.getTransactionContext());
  }
}

const run = randomUUID().slice(0, 8);
const dbName = `platform_events_${run}`;
const topic = `t${run}`; // keeps this run's events apart in the shared stream
const filterSubject = `events.catalog.${topic}.>`;
let orm: MikroORM;
let events: EventsConnection;
let relay: OutboxRelay;
const dbUrl = () => withDatabase(testServers.pgUrl(), dbName);

const event = (key: string) =>
  newEvent({
    source: 'catalog',
    type: `${topic}.Counted`,
    streamId: `tally-${key}`,
    data: { key },
    metadata: { workspaceId: 'u1', userId: 'u1' },
  });

async function commitEvents(list: EventEnvelope[]): Promise<void> {
  await orm.em.fork().transactional((em) => writeOutbox(em, list));
}

/** A slow writer: a transaction on `client` that writes the event's outbox row and stays open. */
async function beginSlowWrite(client: pg.Client, envelope: EventEnvelope): Promise<void> {
  await client.query('BEGIN');
  await client.query('INSERT INTO outbox (event_id, subject, payload) VALUES ($1, $2, $3)', [
    envelope.id,
    `events.catalog.${envelope.type}`,
    JSON.stringify(envelope),
  ]);
}

/** Ids of the events published since the previous call. */
const seen = new Set<string>();
async function published(): Promise<string[]> {
  const consumer = await events.js.consumers.get(EVENTS_STREAM, { filter_subjects: filterSubject });
  const ids: string[] = [];
  let pending = (await consumer.info()).num_pending;
  while (pending > 0) {
    const batch = await consumer.fetch({ max_messages: pending, expires: 2000 });
    for await (const m of batch) {
      ids.push(m.json<EventEnvelope>().id);
      pending = m.info.pending;
    }
  }
  await consumer.delete();
  const fresh = ids.filter((id) => !seen.has(id));
  fresh.forEach((id) => seen.add(id));
  return fresh;
}

const tally = async () =>
  Object.fromEntries(
    (await orm.em.fork().getConnection().execute<{ key: string; n: number }[]>('SELECT key, n FROM tally ORDER BY key')).map((r) => [
      r.key,
      r.n,
    ]),
  );

beforeAll(async () => {
  await ensureDatabase(testServers.pgUrl(), dbName);
  orm = await MikroORM.init(
    ormConfig({
      pgUrl: testServers.pgUrl(),
      dbName,
      entities: [],
      migrations: [outboxMigration, processedEventsMigration, { name: 'Test0001_tally', class: CreateTally }],
    }),
  );
  await migrate(orm);
  events = await connectEvents(testServers.natsUrl(), 'platform-events-test');
  relay = new OutboxRelay({ dbUrl: dbUrl(), js: events.js, name: 'test', pollIntervalMs: 60_000 });
  await relay.start();
});

afterAll(async () => {
  await relay?.stop();
  await events?.nc.drain();
  await orm?.close();
  const admin = new pg.Client({ connectionString: withDatabase(testServers.pgUrl(), 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe('outbox relay', () => {
  it('publishes committed events in order and marks them published', async () => {
    const list = [event('a'), event('b'), event('a')];
    await commitEvents(list);
    await relay.wake();
    expect(await published()).toEqual(list.map((e) => e.id));
    const [row] = await orm.em.fork().getConnection().execute('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    expect(row.n).toBe(0);
  });

  it('publishes nothing of a transaction that rolls back', async () => {
    const rolledBack = event('rollback');
    await orm.em
      .fork()
      .transactional(async (em) => {
        await writeOutbox(em, [rolledBack]);
        throw new Error('abort');
      })
      .catch(() => undefined);
    await relay.wake();
    expect(await published()).not.toContain(rolledBack.id);
  });

  it('does not let a later commit overtake a slow transaction that began first', async () => {
    const slow = new pg.Client({ connectionString: dbUrl() });
    await slow.connect();
    const first = event('slow');
    const second = event('fast');
    try {
      // The slow transaction takes its position (and transaction id) first but commits last.
      await beginSlowWrite(slow, first);
      await commitEvents([second]);
      await relay.wake();
      expect(await published()).toEqual([]); // held back, not skipped and not reordered
      await slow.query('COMMIT');
      await relay.wake();
      expect(await published()).toEqual([first.id, second.id]);
    } finally {
      await slow.end();
    }
  });

  it('does not let a later commit overtake a slow transaction that commits while the outbox is read', async () => {
    const slow = new pg.Client({ connectionString: dbUrl() });
    const reader = new pg.Client({ connectionString: dbUrl() });
    await Promise.all([slow.connect(), reader.connect()]);
    const first = event('slow-while-read');
    const second = event('fast-while-read');
    try {
      await beginSlowWrite(slow, first);
      await commitEvents([second]);
      // The relay's read takes its snapshot while the slow transaction runs, and sees it commit before
      // it asks which transactions run: a repeatable-read transaction holds that moment still.
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await reader.query('SELECT 1');
      await slow.query('COMMIT');
      const rows = await readOutbox(reader, 500);
      expect(rows.map((row) => [row.event_id, row.ready])).toEqual([[second.id, false]]); // the slow row is not in the snapshot
    } finally {
      await reader.query('ROLLBACK');
      await Promise.all([slow.end(), reader.end()]);
      await relay.wake();
      await published();
    }
  });

  it('reads the outbox with one plan per connection, kept for every read after', async () => {
    const reader = new pg.Client({ connectionString: dbUrl() });
    await reader.connect();
    try {
      for (let read = 0; read < 3; read++) await readOutbox(reader, 7);
      const { rows } = await reader.query<{ custom_plans: string; generic_plans: string }>(
        "SELECT custom_plans, generic_plans FROM pg_prepared_statements WHERE name = 'outbox-read-7'",
      );
      expect(rows).toEqual([{ custom_plans: '0', generic_plans: '3' }]);
      await expect(readOutbox(reader, 2.5)).rejects.toThrow('batch size 2.5 is not a positive integer');
    } finally {
      await reader.end();
    }
  });

  it('is not held back by a long transaction in another database', async () => {
    const elsewhere = new pg.Client({ connectionString: withDatabase(testServers.pgUrl(), 'postgres') });
    await elsewhere.connect();
    try {
      // A write transaction elsewhere (e.g. a read-model rebuild in another service) that began first.
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()');
      const meanwhile = event('meanwhile');
      await commitEvents([meanwhile]);
      await relay.wake();
      expect(await published()).toEqual([meanwhile.id]);
    } finally {
      await elsewhere.query('ROLLBACK');
      await elsewhere.end();
    }
  });

  it('lets JetStream drop a republished event (same Nats-Msg-Id)', async () => {
    const once = event('dup');
    await commitEvents([once]);
    await relay.wake();
    await events.js.publish(`events.catalog.${once.type}`, JSON.stringify(once), { msgID: once.id });
    expect(await published()).toEqual([once.id]);
  });
});

describe('event consumer', () => {
  const durable = `test-tally-${run}`;
  let consumer: EventConsumer;

  afterAll(async () => {
    await consumer?.stop();
    await events.jsm.consumers.delete(EVENTS_STREAM, durable).catch(() => undefined);
  });

  it('applies every published event once, from the start of the stream', async () => {
    consumer = new EventConsumer({ durable, filterSubject, handler: new TallyProjection(), events, orm, dbUrl: dbUrl() });
    consumer.start();
    // a×2, b×1, slow, fast, slow-while-read, fast-while-read, meanwhile, dup published above
    await eventually(async () => (await tally()).dup === 1, 10_000);
    expect(await tally()).toEqual({ a: 2, b: 1, slow: 1, fast: 1, 'slow-while-read': 1, 'fast-while-read': 1, meanwhile: 1, dup: 1 });
  });

  it('ignores a redelivered event', async () => {
    const again = event('a');
    await consumer.apply([again]);
    await consumer.apply([again]);
    expect((await tally()).a).toBe(3);
  });

  it('rebuilds the read model from the history to the same table', async () => {
    const before = await tally();
    const progress: RebuildProgress[] = [];
    const { events: replayed } = await rebuildReadModel({
      durable,
      filterSubject,
      handler: new TallyProjection(),
      events,
      orm,
      onProgress: (report) => progress.push(report),
      progressEveryMs: 0,
    });
    expect(replayed).toBe(9); // the directly applied extra "a" was never published, so it is gone
    expect(await tally()).toEqual({ ...before, a: 2 });
    // One batch, told once: all of it replayed, nothing left.
    expect(progress).toEqual([{ events: 9, left: 0, ms: expect.any(Number) }]);
  });
});

describe('event consumer of some event types only', () => {
  const durable = `test-picky-${run}`;
  let consumer: EventConsumer;

  afterAll(async () => {
    await consumer?.stop();
    await events.jsm.consumers.delete(EVENTS_STREAM, durable).catch(() => undefined);
  });

  it('acknowledges the other types without applying or recording them', async () => {
    const handler = Object.assign(new TallyProjection(), { eventTypes: [`${topic}.Counted`] });
    const ignored = newEvent({
      source: 'catalog',
      type: `${topic}.Ignored`,
      streamId: 'tally-ignored',
      data: { key: 'ignored' },
      metadata: { workspaceId: 'u1', userId: 'u1' },
    });
    await commitEvents([ignored, event('picky')]);
    consumer = new EventConsumer({ durable, filterSubject, handler, events, orm, dbUrl: dbUrl() });
    consumer.start();
    await eventually(async () => (await tally()).picky === 1, 10_000);
    await eventually(async () => (await events.jsm.consumers.info(EVENTS_STREAM, durable)).num_ack_pending === 0, 10_000);
    expect((await tally()).ignored).toBeUndefined();
    const recorded = await orm.em
      .fork()
      .getConnection()
      .execute('SELECT 1 FROM processed_events WHERE consumer = ? AND event_id = ?', [durable, ignored.id]);
    expect(recorded).toHaveLength(0);
  });
});

describe('event consumer taking over from a dead leader', () => {
  const durable = `test-takeover-${run}`;
  let consumer: EventConsumer;

  afterAll(async () => {
    await consumer?.stop();
    await events.jsm.consumers.delete(EVENTS_STREAM, durable).catch(() => undefined);
  });

  it('applies the deliveries the dead leader never acknowledged at once, not after the ack wait', async () => {
    // The "dead leader": it took every event of the stream and acknowledged only the first.
    await events.jsm.consumers.add(EVENTS_STREAM, {
      durable_name: durable,
      filter_subject: filterSubject,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(30_000),
    });
    const taken = await (await events.js.consumers.get(EVENTS_STREAM, durable)).fetch({ max_messages: 100, expires: 2000 });
    const takenKeys: string[] = [];
    for await (const msg of taken) {
      if (takenKeys.length === 0) msg.ack();
      takenKeys.push(msg.json<EventEnvelope<string, { key: string }>>().data.key);
      if (msg.info.pending === 0) break;
    }
    expect((await events.jsm.consumers.info(EVENTS_STREAM, durable)).num_ack_pending).toBeGreaterThan(0);

    const applied: string[] = [];
    const handler: EventHandler = { handle: async (event) => void applied.push((event.data as { key: string }).key) };
    consumer = new EventConsumer({ durable, filterSubject, handler, events, orm, dbUrl: dbUrl() });
    consumer.start();
    await eventually(async () => applied.length === takenKeys.length - 1, 5_000);
    expect(applied).toEqual(takenKeys.slice(1)); // in stream order, after the one acknowledged
  });
});

describe('event consumer through a database outage', () => {
  const durable = `test-outage-${run}`;
  const type = `${topic}.Set`;
  let consumer: EventConsumer;
  const admin = () => new pg.Client({ connectionString: withDatabase(testServers.pgUrl(), 'postgres') });
  const setEvent = (value: number) =>
    newEvent({ source: 'catalog', type, streamId: 'latest', data: { value }, metadata: { workspaceId: 'u1', userId: 'u1' } });

  /** Keeps the latest value, as the projections that store an item's stock after each event do. */
  const latestProjection: EventHandler = {
    eventTypes: [type],
    async handle(event, em) {
      const { value } = event.data as { value: number };
      const sql = 'INSERT INTO latest (id, value) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value';
      await em.getConnection().execute(sql, [value], 'run', em.getTransactionContext());
      await em.getConnection().execute('INSERT INTO applied (value) VALUES (?)', [value], 'run', em.getTransactionContext());
    },
  };
  const applied = async () =>
    (await orm.em.fork().getConnection().execute<{ value: number }[]>('SELECT value FROM applied ORDER BY seq')).map((r) => r.value);

  beforeAll(async () => {
    await orm.em.fork().getConnection().execute('CREATE TABLE latest (id int PRIMARY KEY, value int NOT NULL)');
    await orm.em.fork().getConnection().execute('CREATE TABLE applied (seq serial PRIMARY KEY, value int NOT NULL)');
  });

  afterAll(async () => {
    await consumer?.stop();
    await events.jsm.consumers.delete(EVENTS_STREAM, durable).catch(() => undefined);
  });

  it('applies the events sent while its database was down once each, in stream order, when it is back', async () => {
    consumer = new EventConsumer({ durable, filterSubject, handler: latestProjection, events, orm, dbUrl: dbUrl(), gatherMs: 5 });
    consumer.start();
    const publish = (from: number, to: number) =>
      Promise.all(
        Array.from({ length: to - from + 1 }, (_, i) => setEvent(from + i)).map((e) =>
          events.js.publish(`events.catalog.${type}`, JSON.stringify(e), { msgID: e.id }),
        ),
      );
    await publish(1, 10);
    await eventually(async () => (await applied()).length === 10, 10_000);

    // The outage: no new connection to the consumer's database, and every open one ended.
    const server = admin();
    await server.connect();
    try {
      await server.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      await server.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);
      for (let from = 11; from <= 91; from += 20) {
        await publish(from, from + 19);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    } finally {
      await server.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      await server.end();
    }

    await eventually(async () => (await applied().catch(() => [])).length >= 110, 30_000);
    const values = await applied();
    expect(values).toEqual(Array.from({ length: 110 }, (_, i) => i + 1));
    const [latest] = await orm.em.fork().getConnection().execute<{ value: number }[]>('SELECT value FROM latest');
    expect(latest.value).toBe(110);
  });
});

describe('event consumer while a rebuild holds its read model', () => {
  const durable = `test-held-${run}`;
  const type = `${topic}.Held`;
  const EVENTS = 1000;
  const MAX_HELD = 200;
  const BATCH = 50;
  let consumer: EventConsumer;
  let rebuild: pg.Client;

  const heldProjection: EventHandler = {
    eventTypes: [type],
    async handle(event, em) {
      const sql = 'INSERT INTO held_applied (value) VALUES (?)';
      await em.getConnection().execute(sql, [(event.data as { value: number }).value], 'run', em.getTransactionContext());
    },
  };
  const applied = async () =>
    (await orm.em.fork().getConnection().execute<{ value: number }[]>('SELECT value FROM held_applied ORDER BY seq')).map((r) => r.value);

  beforeAll(async () => {
    await orm.em.fork().getConnection().execute('CREATE TABLE held_applied (seq serial PRIMARY KEY, value int NOT NULL)');
  });

  afterAll(async () => {
    await rebuild?.end().catch(() => undefined);
    await consumer?.stop();
    await events.jsm.consumers.delete(EVENTS_STREAM, durable).catch(() => undefined);
  });

  it('leaves the events past what it may hold on the server, then applies them all once, in order', async () => {
    // The rebuild's lock, held from another session as rebuildReadModel holds it in its transaction.
    rebuild = new pg.Client({ connectionString: dbUrl() });
    await rebuild.connect();
    await rebuild.query('SELECT pg_advisory_lock($1)', [consumerLockKeys(durable).batch]);
    const sent = Array.from({ length: EVENTS }, (_, i) =>
      newEvent({ source: 'catalog', type, streamId: 'held', data: { value: i + 1 }, metadata: { workspaceId: 'u1', userId: 'u1' } }),
    );
    await Promise.all(sent.map((e) => events.js.publish(`events.catalog.${type}`, JSON.stringify(e), { msgID: e.id })));

    consumer = new EventConsumer({
      durable,
      filterSubject: `events.catalog.${type}`,
      handler: heldProjection,
      events,
      orm,
      dbUrl: dbUrl(),
      batchSize: BATCH,
      gatherMs: 5,
      maxHeld: MAX_HELD,
    });
    consumer.start();
    const info = () => events.jsm.consumers.info(EVENTS_STREAM, durable);
    await eventually(async () => ((await info().catch(() => null))?.num_ack_pending ?? 0) >= MAX_HELD, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { num_ack_pending, num_pending } = await info();
    // What it holds, and at most one request of the message stream beside it.
    expect(num_ack_pending).toBeLessThanOrEqual(MAX_HELD + BATCH);
    expect(num_pending).toBeGreaterThan(0);
    expect(await applied()).toEqual([]);

    await rebuild.query('SELECT pg_advisory_unlock($1)', [consumerLockKeys(durable).batch]);
    await eventually(async () => (await applied()).length >= EVENTS, 30_000);
    expect(await applied()).toEqual(sent.map((e) => (e.data as { value: number }).value));
  });
});

// Last: the events it publishes would count in the consumers' tests above.
describe('outbox relay instances', () => {
  it('publishes from one relay per database at a time; another takes over within a second when its connection is lost', async () => {
    // A standby asks for the lock once a second (outbox-relay.ts, STANDBY_RETRY_MS).
    const standbyRetry = () => new Promise((resolve) => setTimeout(resolve, 1100));
    const standby = new OutboxRelay({ dbUrl: dbUrl(), js: events.js, name: 'standby', pollIntervalMs: 60_000 });
    await standby.start();
    const lockHolder = async () => {
      const rows = await orm.em
        .fork()
        .getConnection()
        .execute<{ pid: number }[]>(
          `SELECT l.pid FROM pg_locks l JOIN pg_database d ON d.oid = l.database
            WHERE l.locktype = 'advisory' AND l.granted AND l.objid = 4242002 AND d.datname = current_database()`,
        );
      return rows.map((row) => row.pid);
    };
    try {
      await relay.wake();
      await standby.wake();
      await published(); // what the tests above left behind
      const [leader] = await lockHolder();
      expect(await lockHolder()).toEqual([leader]);
      // The leader's connection dies (its server process is killed): the standby publishes what comes next.
      await orm.em.fork().getConnection().execute('SELECT pg_terminate_backend(?)', [leader]);
      const next = event('takeover');
      await commitEvents([next]);
      await standbyRetry();
      await standby.wake();
      expect(await published()).toEqual([next.id]);
      const [successor] = await lockHolder();
      expect(successor).not.toBe(leader);
    } finally {
      await standby.stop();
    }
    // And the first relay leads again once the standby is gone.
    const last = event('back');
    await commitEvents([last]);
    await standbyRetry();
    await relay.wake();
    expect(await published()).toEqual([last.id]);
  });
});
