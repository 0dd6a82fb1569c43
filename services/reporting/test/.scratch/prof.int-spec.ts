import { connectEvents, replay, EventsRuntime } from '@inventory/platform';
import { startServices, testServers } from '@inventory/platform/testing';
import { AppModule } from '../../src/app.module.js';
import { InventoryProjection } from '../../src/read-models/inventory.projection.js';

it('profiles', async () => {
  const events = await connectEvents(testServers.natsUrl(), 'prof');
  let t = performance.now(); let n = 0;
  for await (const batch of replay(events, 'events.inventory.>')) n += batch.length;
  console.log('replay only', n, Math.round(performance.now() - t), 'ms');
  const services = await startServices({ reporting: AppModule });
  const app = services.apps.get('reporting')!;
  const projection = app.get(InventoryProjection);
  const original = projection.handleBatch.bind(projection);
  let inHandler = 0; let explained = false;
  const bySql = new Map<string, number>();
  projection.handleBatch = async (evs, em) => {
    const conn = em.getConnection();
    const exec = conn.execute.bind(conn);
    (conn as any).execute = async (sql: string, ...rest: any[]) => { const s = performance.now();
      if (sql.trim().startsWith('WITH') && !explained) { explained = true; const plan = await exec('EXPLAIN (ANALYZE, BUFFERS) ' + sql, ...rest); console.log(plan.map((r: any) => r['QUERY PLAN']).join('\n')); }
      const r = await exec(sql, ...rest); const k = sql.trim().slice(0, 40); bySql.set(k, (bySql.get(k) ?? 0) + performance.now() - s); return r; };
    const s = performance.now(); await original(evs, em); inHandler += performance.now() - s;
    (conn as any).execute = exec;
  };
  t = performance.now();
  await app.get(EventsRuntime).rebuildAll();
  console.log([...bySql].map(([k, v]) => `${k}: ${Math.round(v)}`).join('\n'));
  console.log('rebuildAll', Math.round(performance.now() - t), 'handler', Math.round(inHandler));
  await services.close(); await events.nc.drain();
}, 120000);
