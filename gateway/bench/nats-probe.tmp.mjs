import { jetstream, jetstreamManager, AckPolicy } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
const N = Number(process.env.N ?? 120000);
const FILTER = process.env.FILTER ?? 'events.inventory.>';
const nc = await connect({ servers: 'nats://127.0.0.1:24999', user: 'r', pass: 'p' });
const jsm = await jetstreamManager(nc);
const js = jetstream(nc);
await jsm.streams.delete('P').catch(() => 0);
await jsm.streams.add({ name: 'P', subjects: ['events.>'], duplicate_window: 600_000_000_000 });
const payload = new TextEncoder().encode('x'.repeat(600));
const types = ['ItemRegistered', 'StockReceived', 'StockIssued'];
let t = performance.now();
for (let i = 0; i < N; i += 500) {
  await Promise.all(Array.from({ length: 500 }, (_, k) => js.publish(`events.inventory.${types[(i + k) % 3]}`, payload, { msgID: `id-${i + k}` })));
}
console.log(`published ${N} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
await jsm.consumers.add('P', { durable_name: 'c', filter_subject: FILTER || undefined, ack_policy: AckPolicy.Explicit, max_ack_pending: 10000 });
const c = await js.consumers.get('P', 'c');
const msgs = await c.consume({ max_messages: 200, expires: 5000 });
t = performance.now();
let n = 0, lastT = t, lastN = 0;
for await (const m of msgs) {
  m.ack();
  n++;
  if (n % 20000 === 0) { const now = performance.now(); console.log(`${n}: ${Math.round((n - lastN) / ((now - lastT) / 1000))} msgs/s`); lastT = now; lastN = n; }
  if (n === N) break;
}
console.log(`consumed ${N} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
await nc.close();
