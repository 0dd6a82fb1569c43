// How long after an item change its itemCount shows it, end to end: the change through the inventory
// API, its event through inventory's outbox, JetStream and the catalog/locations consumers, the new
// count through GET /api/categories and GET /api/locations.
//
//   npx nx run-many -t build --exclude=@inventory/web
//   node services/catalog/bench/item-count-latency.bench.mjs [changes=1000]
//
// Runs the built processes it needs on a private stack (gateway/bench/bench-stack.mjs), so neither
// the test servers' event history nor other running tests get in the way. Each change is timed from
// the API's answer (the change is committed then) to the first list answer with the new count; the
// list is polled back to back, so a figure includes up to one list round trip of polling.
import { performance } from 'node:perf_hooks';
import { startStack, waitFor } from '../../../gateway/bench/bench-stack.mjs';

const CHANGES = Number(process.argv[2] ?? 1000);
const PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 21000);

/** Just enough of a browser: a cookie jar and the CSRF header on writes. */
class Client {
  cookies = new Map();
  csrf;

  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }

  async call(method, path, body) {
    if (method !== 'GET') this.csrf ??= (await (await this.send('GET', '/api/auth/csrf')).json()).token;
    const res = await this.send(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    if (path === '/api/auth/register') this.csrf = undefined; // the new session needs its own token
    return res.status === 204 ? null : res.json();
  }

  async send(method, path, body) {
    const headers = { accept: 'application/json', cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      this.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  }
}

const countOf = (list, id) => list.find((entry) => entry.id === id)?.itemCount;

/** Polls a list until the count moved from `from` to `to`; returns the ms since `since`. */
async function msUntilMoved(client, path, from, to, since) {
  for (;;) {
    const list = await client.call('GET', path);
    if (countOf(list, to.id) === 1 && countOf(list, from.id) === 0) return performance.now() - since;
    if (performance.now() - since > 10_000) throw new Error(`${path} did not converge within 10 s`);
  }
}

/** Runs `changes` timed changes, alternating between the two targets, and prints the percentiles. */
async function measure(label, client, path, targets, change) {
  const samples = [];
  for (let i = 0; i < CHANGES; i++) {
    const [from, to] = i % 2 === 0 ? targets : [...targets].reverse();
    await change(from, to);
    samples.push(await msUntilMoved(client, path, from, to, performance.now()));
  }
  samples.sort((a, b) => a - b);
  const at = (p) => samples[Math.ceil((p / 100) * samples.length) - 1];
  const row = { p50: at(50), p90: at(90), p99: at(99), max: samples.at(-1) };
  console.log(
    `${label.padEnd(36)} ${Object.entries(row)
      .map(([k, v]) => `${k} ${v.toFixed(1)} ms`)
      .join('   ')}`,
  );
  return row;
}

const stack = startStack(PORT_OFFSET);
try {
  for (const service of ['identity', 'inventory', 'catalog', 'locations']) stack.start(`services/${service}/dist/main.js`);
  stack.start('gateway/dist/main.js');
  await waitFor(() => fetch(`${stack.baseUrl}/api/auth/csrf`).then((r) => r.ok));
  const client = new Client(stack.baseUrl);
  await client.call('POST', '/api/auth/register', {
    firstName: 'Bench',
    lastName: 'Counts',
    email: `counts-${Date.now()}@bench.test`,
    password: 'bench-secret',
  });

  const categories = [
    await client.call('POST', '/api/categories', { name: 'Bench A' }),
    await client.call('POST', '/api/categories', { name: 'Bench B' }),
  ];
  const shelves = [
    await client.call('POST', '/api/locations', { name: 'Shelf A', type: 'Storage' }),
    await client.call('POST', '/api/locations', { name: 'Shelf B', type: 'Storage' }),
  ];
  const item = await client.call('POST', '/api/inventory', { name: 'Bench item', unitPrice: '1.00', categoryId: categories[0].id });
  await client.call('POST', `/api/inventory/${item.id}/stock`, {
    movementType: 'in',
    quantity: 1,
    reason: 'bench',
    locationId: shelves[0].id,
  });
  await waitFor(async () => countOf(await client.call('GET', '/api/locations'), shelves[0].id) === 1, 30_000, 20);

  console.log(`time from an item change (its API answer) to the updated itemCount, ${CHANGES} changes each:`);
  const category = await measure('category (item category changed)', client, '/api/categories', categories, (_, to) =>
    client.call('PATCH', `/api/inventory/${item.id}`, { categoryId: to.id }),
  );
  const location = await measure('location (stock transferred)', client, '/api/locations', shelves, (from, to) =>
    client.call('POST', `/api/inventory/${item.id}/transfer`, {
      fromLocationId: from.id,
      toLocationId: to.id,
      quantity: 1,
      reason: 'bench',
    }),
  );
  console.log(JSON.stringify({ changes: CHANGES, category, location }));
} finally {
  await stack.stop();
}
