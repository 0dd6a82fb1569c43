// Reporting benchmark: `npx nx run-many -t build --exclude=@inventory/web && node gateway/bench/reporting-bench.mjs`
//
// On a private stack (see bench-stack.mjs) with the built identity service, reporting service and
// gateway as separate processes, it measures:
//   1. GET /api/dashboard/stats and the reports for a user with 10,000 items (autocannon, 32 connections);
//   2. event → dashboard latency: stock movements published to JetStream at 200/s while a client polls
//      GET /api/dashboard/stats; latency = first answer showing the movement − its publish time;
//   3. the rebuild command (npm run rebuild -w @inventory/reporting) over 100,000 inventory events,
//      checking that it ends with the same tables.
import autocannon from 'autocannon';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { signUp, startStack, waitFor } from './bench-stack.mjs';
import { BenchItem, publishAll } from './item-events.mjs';

const ITEMS = 10_000;
const REBUILD_EVENTS = 100_000;
const RATE = 200;
const LATENCY_SECONDS = 15;
const DAY_MS = 86_400_000;

const stack = startStack();
// The machine may be shared: the load around the run says how much of it the figures had.
const figures = { loadBefore: loadavg()[0] };
try {
  stack.start('services/identity/dist/main.js');
  stack.start('services/reporting/dist/main.js');
  stack.start('gateway/dist/main.js');
  await waitFor(() => fetch(`${stack.baseUrl}/api/auth/csrf`).then((r) => r.ok));
  const owner = await signUp(stack.baseUrl, 'owner');
  const headers = { cookie: owner.cookie };
  // The reporting service has migrated its database once it answers.
  await waitFor(() => fetch(`${stack.baseUrl}/api/dashboard/stats`, { headers }).then((r) => r.ok));
  const nc = await connect(stack.nats);
  const js = jetstream(nc);
  const db = new pg.Client({ connectionString: `${stack.env.PG_URL}/reporting` });
  await db.connect();
  const applied = async () =>
    (await db.query("SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'reporting-items-inventory'")).rows[0].n;

  // ── 10,000 items, registered and stocked over the last 90 days ──
  const items = Array.from(
    { length: ITEMS },
    (_, i) => new BenchItem(owner.userId, `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`),
  );
  const seed = items.flatMap((item, i) => {
    const at = new Date(Date.now() - 90 * DAY_MS + i * 60_000);
    return [item.registered(at, `Item ${String(i).padStart(5, '0')}`), item.received(at, 10 + (i % 50))];
  });
  let started = performance.now();
  await publishAll(js, seed);
  await waitFor(async () => (await applied()) === seed.length, 300_000, 50);
  figures.seed = rate(seed.length, started);

  // ── HTTP throughput on the 10,000-item user ──
  const stats = await (await fetch(`${stack.baseUrl}/api/dashboard/stats`, { headers })).json();
  if (stats.totalItems !== ITEMS) throw new Error(`expected ${ITEMS} items, the dashboard says ${stats.totalItems}`);
  const asOf = new Date(Date.now() - 30 * DAY_MS).toISOString();
  for (const [name, path] of [
    ['GET /api/dashboard/stats', '/api/dashboard/stats'],
    ['GET /api/reports/inventory (10,000 rows)', '/api/reports/inventory'],
    ['GET /api/reports/inventory?asOf=30 days ago', `/api/reports/inventory?asOf=${encodeURIComponent(asOf)}`],
    ['GET /api/reports/value-history?range=90days', '/api/reports/value-history?range=90days'],
  ]) {
    figures[name] = await load(`${stack.baseUrl}${path}`, headers);
  }

  // ── event → dashboard latency at 200 movements/s ──
  const watcher = await signUp(stack.baseUrl, 'watcher');
  const tracked = new BenchItem(watcher.userId, '1.00');
  await publishAll(js, [tracked.registered(new Date(), 'Tracked')]);
  const watched = { cookie: watcher.cookie };
  await waitFor(async () => (await getJson('/api/dashboard/stats', watched)).totalItems === 1);
  figures.latency = await latency(js, tracked, watched);

  // ── rebuild over 100,000 inventory events ──
  const published = seed.length + 1 + RATE * LATENCY_SECONDS;
  const topUp = Array.from({ length: REBUILD_EVENTS - published }, (_, i) => {
    const item = items[i % ITEMS];
    const at = new Date(Date.now() - 30 * DAY_MS + i * 1000);
    return i % 2 ? item.issued(at, 1) : item.received(at, 2);
  });
  await publishAll(js, topUp);
  await waitFor(async () => (await applied()) === REBUILD_EVENTS, 600_000, 100);
  const before = await digest(db);
  const log = await stack.run('services/reporting/dist/rebuild.js');
  const line = log.match(/reporting-items-inventory: (\d+) events in (\d+) ms/);
  figures.rebuild = {
    events: Number(line[1]),
    ms: Number(line[2]),
    eventsPerSecond: Math.round(Number(line[1]) / (Number(line[2]) / 1000)),
    sameTables: (await digest(db)) === before,
  };
  figures.loadAfter = loadavg()[0];
  await db.end();
  await nc.drain();
} finally {
  await stack.stop();
}
report(figures);

async function getJson(path, headers) {
  return (await fetch(`${stack.baseUrl}${path}`, { headers })).json();
}

async function load(url, headers) {
  const result = await autocannon({ url, headers, connections: 32, duration: 10 });
  const failed = Object.entries(result.statusCodeStats).filter(([status]) => !status.startsWith('2'));
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: failed.map(([status, { count }]) => `${count} × ${status}`).concat(result.errors ? [`${result.errors} errors`] : []),
  };
}

/**
 * Publishes one receipt of 1 unit every 1/RATE s; the item costs 1.00, so the dashboard's total value
 * counts the receipts applied. A single client polls the stats back to back and notes when each
 * receipt first shows.
 */
async function latency(js, item, headers) {
  const count = RATE * LATENCY_SECONDS;
  const publishedAt = [];
  const seenAt = new Array(count).fill(0);
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const { totalValue } = await getJson('/api/dashboard/stats', headers);
      const now = performance.now();
      for (let k = 0; k < Math.min(totalValue, count); k++) if (!seenAt[k]) seenAt[k] = now;
    }
  })();
  const start = performance.now();
  for (let k = 0; k < count; k++) {
    const due = start + (k * 1000) / RATE;
    if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
    const event = item.received(new Date(), 1);
    publishedAt[k] = performance.now();
    await js.publish(`events.inventory.${event.type}`, JSON.stringify(event), { msgID: event.id });
  }
  await waitFor(async () => seenAt[count - 1] > 0, 30_000, 20);
  polling = false;
  await poller;
  const latencies = seenAt.map((seen, k) => seen - publishedAt[k]).sort((a, b) => a - b);
  const at = (p) => Math.round(latencies[Math.min(count - 1, Math.floor((p / 100) * count))] * 10) / 10;
  return {
    movements: count,
    ratePerSecond: Math.round(count / ((publishedAt[count - 1] - start) / 1000)),
    p50Ms: at(50),
    p99Ms: at(99),
    maxMs: at(100),
  };
}

async function digest(db) {
  const tables = ['items', 'item_history', 'movements', 'categories', 'purged_users'];
  const rows = await Promise.all(
    tables.map((t) => db.query(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM ${t} t`)),
  );
  return rows.map((r) => r.rows[0].h).join(':');
}

function rate(events, since) {
  const seconds = (performance.now() - since) / 1000;
  return { events, seconds: Math.round(seconds * 10) / 10, eventsPerSecond: Math.round(events / seconds) };
}

function report(results) {
  const load = `load average ${results.loadBefore.toFixed(1)} before, ${results.loadAfter.toFixed(1)} after, ${cpus().length} cores`;
  console.log(`\nReporting benchmark (private stack; processes identity, reporting, gateway; ${load})`);
  console.log(`  seed: ${results.seed.events} events applied live at ${results.seed.eventsPerSecond} events/s`);
  for (const [name, r] of Object.entries(results)) {
    if (!name.startsWith('GET')) continue;
    const failures = r.failures.length ? `; failed: ${r.failures.join(', ')}` : '';
    console.log(`  ${name}: ${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (32 connections)${failures}`);
  }
  const l = results.latency;
  console.log(
    `  event → dashboard: ${l.movements} movements at ${l.ratePerSecond}/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, max ${l.maxMs} ms`,
  );
  const b = results.rebuild;
  console.log(
    `  rebuild: ${b.events} events in ${b.ms} ms = ${b.eventsPerSecond} events/s; same tables afterwards: ${b.sameTables ? 'yes' : 'NO'}`,
  );
}
