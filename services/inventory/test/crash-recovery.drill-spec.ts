import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { HealthSubjects, InventorySubjects as S, type ItemEvent, type ItemView } from '@inventory/contracts';
import { connectEvents, natsTransport, rpc, ServiceError } from '@inventory/platform';
import { consumerCaughtUp, eventually, jobsDrained, queryDb, testServers } from '@inventory/platform/testing';
import { ALERTS_QUEUE } from '../src/alerts/alert-jobs.js';
import type { ChildProcess } from 'node:child_process';
import { watchStep, type WatchState } from '../src/alerts/low-stock.js';
import { toEvent, type EventRow } from '../src/event-store/event-store.js';
import { newActor, publishedEventIds } from './support/inventory.js';
import { SERVICE, TestProcesses, WORKER } from './support/processes.js';

/**
 * The relay and the consumers run in the service process, the alert jobs in the worker process:
 * both are killed with SIGKILL twice while 600 movements stream in, and restarted. Afterwards
 * every event must have been published and applied exactly once, and every low-stock crossing must
 * have raised exactly one alert.
 */
const MOVEMENTS = 600;
const ITEMS = 20;
const CONCURRENCY = 8;
const KILL_AFTER = [200, 400];
/** How long one write may go unanswered (both processes down and restarting) before the test gives up. */
const ANSWER_WITHIN_MS = 60_000;
// Short job locks so that a job held by a killed worker is taken over within seconds.
const SHORT_LOCKS = { ALERTS_JOB_LOCK_MS: '1000', ALERTS_STALLED_CHECK_MS: '500' };

const owner = newActor();
let client: ClientProxy;
let processes: TestProcesses;
let service: ChildProcess;
let worker: ChildProcess;
const start = (script: string) => processes.start(script, SHORT_LOCKS);

const serving = () =>
  eventually(() => rpc(client, HealthSubjects.inventory, undefined, { timeoutMs: 500 }).then((h) => h.status === 'up'), 30_000, 200);

/** A fixed pseudo-random sequence (mulberry32), so every run sends the same movements. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sends a write until it gets a definite answer; the Idempotency-Key makes the retries safe. */
async function definitely<T>(send: () => Promise<T>): Promise<'done' | 'refused'> {
  const giveUpAt = Date.now() + ANSWER_WITHIN_MS;
  for (;;) {
    if (processes.stopping || Date.now() > giveUpAt)
      throw new Error(`no answer within ${ANSWER_WITHIN_MS} ms (see artifacts/logs/crash-recovery-*)`);
    try {
      await send();
      return 'done';
    } catch (error) {
      const definite = error instanceof ServiceError && error.status < 500;
      if (definite) return 'refused';
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

beforeAll(async () => {
  processes = new TestProcesses('crash-recovery');
  client = ClientProxyFactory.create(natsTransport(testServers.natsUrl())) as ClientProxy;
  service = start(SERVICE);
  worker = start(WORKER);
  await serving();
  // The service first works through what earlier test files published; that catch-up is not what
  // this test measures, and left inside it, it would eat the test's time limit.
  const jetstream = await connectEvents(testServers.natsUrl(), 'crash-test-catch-up');
  try {
    await consumerCaughtUp(jetstream, 'inventory-low-stock-inventory', 150_000);
  } finally {
    await jetstream.nc.drain();
  }
  // And the alert jobs that catch-up queued (labels, counts and export tests leave hundreds).
  await jobsDrained(ALERTS_QUEUE, 120_000);
}, 300_000);

afterAll(async () => {
  await processes?.stopAll();
  await client?.close();
});

it('publishes and applies every event once and raises one alert per crossing across kill -9 of relay, consumer and worker', async () => {
  const since = new Date();
  const items: ItemView[] = [];
  for (let i = 0; i < ITEMS; i++) {
    items.push(
      await rpc(
        client,
        S.registerItem,
        { name: `Crash ${i}`, unitPrice: '1.00', currentStock: 15, reorderLevel: 10 },
        { actor: owner, timeoutMs: 3000 },
      ),
    );
  }

  const next = random(42);
  const plan = Array.from({ length: MOVEMENTS }, (_, i) => ({
    key: `crash-${owner.userId}-${i}`,
    id: items[Math.floor(next() * ITEMS)].id,
    movementType: next() < 0.5 ? ('out' as const) : ('in' as const),
    quantity: 1 + Math.floor(next() * 6),
  }));
  let answered = 0;
  let killing = Promise.resolve();
  const outcomes = new Map<string, 'done' | 'refused'>();
  const sendAll = async (queue: typeof plan) => {
    for (let movement = queue.shift(); movement; movement = queue.shift()) {
      const { key, ...data } = movement;
      const outcome = await definitely(() =>
        rpc(client, S.recordMovement, { ...data, reason: 'crash test' }, { actor: owner, meta: { idempotencyKey: key }, timeoutMs: 3000 }),
      );
      outcomes.set(key, outcome);
      if (KILL_AFTER.includes(++answered)) {
        killing = killing.then(async () => {
          await Promise.all([processes.kill(service), processes.kill(worker)]);
          service = start(SERVICE);
          worker = start(WORKER);
        });
      }
    }
  };
  const queue = [...plan];
  await Promise.all(Array.from({ length: CONCURRENCY }, () => sendAll(queue)));
  await killing;
  await serving();

  // Wait until the relay published everything and the consumer and the worker caught up. (Events a
  // killed consumer had taken come back after JetStream's ack wait and then change nothing.)
  const streams = items.map((item) => `item-${item.id}`);
  const rows = await queryDb<EventRow>('inventory', 'SELECT * FROM events WHERE stream_id = ANY($1) ORDER BY stream_id, version', [
    streams,
  ]);
  const events = rows.map(toEvent);
  const ids = events.map((e) => e.id);
  await eventually(
    async () =>
      (await queryDb('inventory', 'SELECT count(*)::int AS n FROM outbox WHERE event_id = ANY($1) AND published_at IS NULL', [ids]))[0]
        .n === 0,
    30_000,
  );
  const caughtUp = `SELECT count(*)::int AS n FROM low_stock_watch w JOIN item_views v ON v.id = w.item_id AND v.version = w.version WHERE v.workspace_id = $1`;
  await eventually(async () => (await queryDb('inventory', caughtUp, [owner.userId]))[0].n === ITEMS, 60_000);
  await jobsDrained(ALERTS_QUEUE, 60_000);

  // Each answered write recorded exactly one event; refused ones none.
  const byKey = new Map<string, number>();
  for (const e of events)
    if (typeof e.metadata.idempotencyKey === 'string')
      byKey.set(e.metadata.idempotencyKey, (byKey.get(e.metadata.idempotencyKey) ?? 0) + 1);
  for (const { key } of plan) expect([key, byKey.get(key) ?? 0]).toEqual([key, outcomes.get(key) === 'done' ? 1 : 0]);

  // The relay published each event exactly once (JetStream dedups by event id).
  const jetstream = await connectEvents(testServers.natsUrl(), 'crash-test');
  try {
    const published = await publishedEventIds(jetstream, streams, since);
    expect(published.length).toBe(ids.length);
    expect(new Set(published)).toEqual(new Set(ids));
  } finally {
    await jetstream.nc.drain();
  }

  // The read model and the alert consumer's state agree with the history.
  const expectedAlerts = new Map<string, boolean>(); // crossing event id → still open
  for (const item of items) {
    const history = events.filter((e) => e.streamId === `item-${item.id}`) as ItemEvent[];
    let watch: WatchState | null = null;
    for (const event of history) {
      const step = watchStep(watch, event);
      watch = step.state;
      if (step.job?.kind === 'raise') expectedAlerts.set(step.job.crossing.eventId, true);
      if (step.job?.kind === 'resolve') expectedAlerts.set(step.job.crossing.eventId, false);
    }
    const [view] = await queryDb('inventory', 'SELECT current_stock, version FROM item_views WHERE id = $1', [item.id]);
    const [watched] = await queryDb('inventory', 'SELECT stock, version FROM low_stock_watch WHERE item_id = $1', [item.id]);
    expect({ stock: view.current_stock, version: view.version }).toEqual({ stock: watch!.stock, version: history.length });
    expect(watched).toEqual({ stock: watch!.stock, version: history.length });
  }
  const alerts = await queryDb<{ id: string; open: boolean }>(
    'inventory',
    'SELECT id, resolved_at IS NULL AS open FROM alerts WHERE workspace_id = $1',
    [owner.userId],
  );
  expect(expectedAlerts.size).toBeGreaterThan(20); // the plan crosses the reorder level many times
  expect(new Map(alerts.map((a) => [a.id, a.open]))).toEqual(expectedAlerts);
}, 180_000);
