import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { startStack, waitFor } from './bench-stack.mjs';
import { BenchItem, categoryCreated, publishAll } from './item-events.mjs';
const ITEMS = Number(process.env.SCALE_ITEMS ?? 20000), MOVES = 5, DAY_MS = 86400000, YEARS_MS = 3 * 365 * DAY_MS;
const stack = startStack(undefined, { fsync: true, pgOptions: '-c shared_preload_libraries=pg_stat_statements' });
try {
  stack.start('services/reporting/dist/main.js');
  const nc = await connect(stack.nats);
  const js = jetstream(nc);
  const pgdb = new pg.Client({ connectionString: `${stack.env.PG_URL}/postgres` }); await pgdb.connect();
  await pgdb.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  let db;
  await waitFor(async () => { db = new pg.Client({ connectionString: `${stack.env.PG_URL}/reporting` }); try { await db.connect(); await db.query('SELECT 1 FROM processed_events LIMIT 1'); return true; } catch { await db.end().catch(() => 0); return false; } }, 60000, 500);
  const applied = async () => (await db.query('SELECT count(*)::int AS n FROM processed_events')).rows[0].n;
  const ws = randomUUID();
  const categories = Array.from({ length: 50 }, (_, i) => categoryCreated(ws, `C${i}`, new Date(Date.now() - YEARS_MS - DAY_MS)));
  await publishAll(js, categories);
  let published = categories.length;
  const t0 = performance.now();
  for (let first = 0; first < ITEMS; first += 2000) {
    const chunk = [];
    for (let i = first; i < Math.min(ITEMS, first + 2000); i++) {
      const item = new BenchItem(ws, '1.00', { categoryId: categories[i % 50].data.categoryId, reorderLevel: i % 20 });
      const born = Date.now() - YEARS_MS + ((i * 7919) % 365) * DAY_MS;
      const step = (Date.now() - born) / (MOVES + 1);
      chunk.push(item.registered(new Date(born), `Item ${i}`));
      for (let k = 1; k <= MOVES; k++) chunk.push(item.received(new Date(born + k * step), 1 + ((i + k) % 9)));
    }
    await publishAll(js, chunk);
    published += chunk.length;
  }
  console.log(`published ${published} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await pgdb.query('SELECT pg_stat_statements_reset()');
  let last = await applied(), lastT = performance.now();
  while (last < published) {
    await new Promise((r) => setTimeout(r, 3000));
    const n = await applied(), t = performance.now();
    console.log(`applied ${n}: ${Math.round((n - last) / ((t - lastT) / 1000))} events/s`);
    last = n; lastT = t;
  }
  console.log(`live total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const top = async () => console.table((await pgdb.query(`SELECT d.datname AS db, s.calls, round(s.total_exec_time)::int AS ms, round((s.total_exec_time / s.calls)::numeric, 2)::float AS "ms/call", s.rows, left(regexp_replace(s.query, '\\s+', ' ', 'g'), 80) AS statement FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid ORDER BY s.total_exec_time DESC LIMIT 12`)).rows);
  await top();
  await pgdb.query('SELECT pg_stat_statements_reset()');
  console.log(stack.run('services/reporting/dist/rebuild.js'));
  await top();
  await db.end(); await pgdb.end(); await nc.drain();
} finally { await stack.stop(); }
