// How long after an item change the itemCount shows it, end to end: the item change through the
// inventory API, its event through inventory's outbox, JetStream and the catalog/locations consumers,
// the new count through GET /api/categories and GET /api/locations.
//
//   npm run build && node services/catalog/bench/item-count-latency.bench.mjs [changes]
//
// Runs every process of the app from dist (as `npm start` does) on the test-profile servers and a
// fresh user. Each change is timed from the moment the API acknowledged it (it is committed then)
// to the first list answer showing the new count; lists are polled back to back.
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { stackUp, startApp, waitForHealth } from '../../../infra/scripts/lib.mjs';
import { testEnv } from '../../../infra/scripts/test-env.mjs';

const CHANGES = Number(process.argv[2] ?? 1000);
const PORT = process.env.BENCH_PORT ?? '23100';
const baseUrl = `http://127.0.0.1:${PORT}`;

/** Just enough of a browser: a cookie jar and the CSRF header on writes. */
class Client {
  cookies = new Map();
  csrf;

  async call(method, path, body) {
    if (method !== 'GET') this.csrf ??= (await this.send('GET', '/api/auth/csrf').then((r) => r.json())).token;
    const res = await this.send(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  }

  async send(method, path, body) {
    const headers = { accept: 'application/json', cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      this.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  }
}

/** Polls a list until `done(list)`; returns the ms from `since`. */
async function msUntil(client, path, done, since) {
  for (;;) {
    if (done(await client.call('GET', path))) return performance.now() - since;
    if (performance.now() - since > 10_000) throw new Error(`${path} did not converge within 10 s`);
  }
}

const countOf = (list, id) => list.find((entry) => entry.id === id)?.itemCount;

async function measure(label, changes, change) {
  const samples = [];
  for (let i = 0; i < changes; i++) samples.push(await change(i));
  samples.sort((a, b) => a - b);
  const at = (p) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)];
  const row = { changes, p50: at(50), p90: at(90), p99: at(99), max: samples.at(-1), mean: samples.reduce((s, x) => s + x, 0) / samples.length };
  console.log(`${label.padEnd(34)} ${Object.entries(row).map(([k, v]) => `${k} ${k === 'changes' ? v : `${v.toFixed(1)} ms`}`).join('  ')}`);
  return row;
}

const env = { ...process.env, ...testEnv, ...stackUp('test'), PORT, LOG_LEVEL: 'warn' };
const app = startApp(env, { quiet: true });
try {
  await waitForHealth(baseUrl);
  const client = new Client();
  await client.call('POST', '/api/auth/register', { firstName: 'Bench', lastName: 'User', email: `bench-${randomUUID()}@example.test`, password: 'secret-123' });
  client.csrf = undefined; // a new session gets a new token

  const categories = [await client.call('POST', '/api/categories', { name: 'Bench A' }), await client.call('POST', '/api/categories', { name: 'Bench B' })];
  const locations = [await client.call('POST', '/api/locations', { name: 'Bench shelf A', type: 'Storage' }), await client.call('POST', '/api/locations', { name: 'Bench shelf B', type: 'Storage' })];
  const item = await client.call('POST', '/api/inventory', { name: 'Bench item', unitPrice: '1.00', currentStock: 1, categoryId: categories[0].id });
  await client.call('POST', `/api/inventory/${item.id}/transfer`, { fromLocationId: null, toLocationId: locations[0].id, quantity: 1, reason: 'bench' });
  await msUntil(client, '/api/locations', (list) => countOf(list, locations[0].id) === 1, performance.now());

  console.log(`item change → itemCount visible, ${CHANGES} changes each (ms from the change's API answer)`);
  const category = await measure('category itemCount (category change)', CHANGES, async (i) => {
    const [from, to] = i % 2 === 0 ? categories : [...categories].reverse();
    await client.call('PATCH', `/api/inventory/${item.id}`, { categoryId: to.id });
    const since = performance.now();
    return msUntil(client, '/api/categories', (list) => countOf(list, to.id) === 1 && countOf(list, from.id) === 0, since);
  });
  const location = await measure('location itemCount (stock transfer)', CHANGES, async (i) => {
    const [from, to] = i % 2 === 0 ? locations : [...locations].reverse();
    await client.call('POST', `/api/inventory/${item.id}/transfer`, { fromLocationId: from.id, toLocationId: to.id, quantity: 1, reason: 'bench' });
    const since = performance.now();
    return msUntil(client, '/api/locations', (list) => countOf(list, to.id) === 1 && countOf(list, from.id) === 0, since);
  });
  console.log(JSON.stringify({ category, location }));
} finally {
  await app.stop();
}
