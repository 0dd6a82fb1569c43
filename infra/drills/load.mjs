// The drills' steady mixed load (docs/operations.md, "Drills"): one workspace of its own, sign-ins,
// lists, the dashboard, movements on random items and on one hot item, and transfers, sent at a fixed
// rate whatever the answers take (open loop), each write with an Idempotency-Key and a reason of its
// own so that the event store shows whether it was booked once. Every answer is recorded.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

const ITEMS = 30;
/** The alert item starts this far above its reorder level and takes one unit out a second, 20 times: one crossing. */
const ALERT_MARGIN = 10;
const ALERT_OUTS = 20;
const REORDER_LEVEL = 100;
const TIMEOUT_MS = 15_000;
/**
 * A sign-in every 2 s, apart from the mix: each costs ~260 ms of CPU (scrypt at OWASP's cost, 2^17),
 * so 2% of 150 req/s alone would take most of this 2-core machine (docs/operations.md, "Drills").
 */
const SIGN_IN_EVERY_S = 2;

/** A session as the web app holds one: cookie jar and CSRF token. */
function session(baseUrl) {
  const jar = new Map();
  let csrf;
  const send = async (method, path, body, headers = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  };
  const refreshCsrf = async () => (csrf = (await send('GET', '/api/auth/csrf')).body.token);
  return { send, refreshCsrf };
}

async function must(promise, what) {
  const { status, body } = await promise;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Signs a new user up (a workspace of its own) and makes the places and items the load works on. */
async function setUp(baseUrl) {
  const owner = session(baseUrl);
  await owner.refreshCsrf();
  const credentials = { email: `drill-${Date.now()}@drill.test`, password: 'drill-secret-1' };
  const user = await must(owner.send('POST', '/api/auth/register', { firstName: 'Drill', lastName: 'Load', ...credentials }), 'sign-up');
  await owner.refreshCsrf();
  const [from, to] = [
    await must(owner.send('POST', '/api/locations', { name: 'Drill store' }), 'place'),
    await must(owner.send('POST', '/api/locations', { name: 'Drill van' }), 'place'),
  ];
  const item = (i, currentStock, reorderLevel) =>
    must(
      owner.send('POST', '/api/inventory', {
        name: `Drill item ${i}`,
        sku: `DRILL-${i}`,
        unitPrice: '2.50',
        currentStock,
        reorderLevel,
        locationId: from.id,
      }),
      'item',
    );
  const items = [];
  for (let i = 0; i < ITEMS; i++) items.push((await item(i, 1_000_000, 0)).id);
  const alertItem = (await item('alert', REORDER_LEVEL + ALERT_MARGIN, REORDER_LEVEL)).id;
  return { owner, credentials, workspace: user.workspace.id, items, alertItem, from: from.id, to: to.id };
}

/**
 * Starts the load at `rate` requests a second; `stop()` waits for the answers still out and returns
 * every request's outcome, the acknowledged movements and a summary.
 */
export async function startLoad(baseUrl, rate) {
  const setup = await setUp(baseUrl);
  const { owner, items } = setup;
  const records = [];
  const acknowledged = [];
  const pending = new Set();
  let alertOuts = 0;
  let sequence = 0;

  const movement = (id, body) => {
    const reason = `drill ${randomUUID()}`;
    return {
      write: true,
      reason,
      call: () =>
        owner.send(
          'POST',
          `/api/inventory/${id}/${body.toLocationId ? 'transfer' : 'stock'}`,
          { ...body, reason },
          { 'idempotency-key': reason.slice(6) },
        ),
    };
  };
  const randomItem = () => items[Math.floor(Math.random() * items.length)];
  const MIX = [
    [30, 'list', () => ({ call: () => owner.send('GET', '/api/inventory?limit=24') })],
    [10, 'dashboard', () => ({ call: () => owner.send('GET', '/api/dashboard/stats') })],
    [8, 'current user', () => ({ call: () => owner.send('GET', '/api/auth/user') })],
    [
      25,
      'movement, random item',
      () => movement(randomItem(), { movementType: Math.random() < 0.5 ? 'in' : 'out', quantity: 1, locationId: setup.from }),
    ],
    [
      15,
      'movement, hot item',
      () => movement(items[0], { movementType: Math.random() < 0.5 ? 'in' : 'out', quantity: 1, locationId: setup.from }),
    ],
    [10, 'transfer', () => movement(randomItem(), { fromLocationId: setup.from, toLocationId: setup.to, quantity: 1 })],
  ];
  const totalWeight = MIX.reduce((sum, [weight]) => sum + weight, 0);
  const pick = () => {
    let r = Math.random() * totalWeight;
    for (const entry of MIX) if ((r -= entry[0]) < 0) return entry;
    return MIX[0];
  };

  const send = (kind, { call, write, reason }) => {
    const at = Date.now();
    const request = call()
      .then(({ status, body }) => {
        records.push({
          kind,
          at,
          ms: Date.now() - at,
          status,
          ...(status >= 400 ? { message: body?.message ?? String(body).slice(0, 120) } : {}),
        });
        if (write && status === 201) acknowledged.push({ movementId: body.movement.id, reason, answeredAt: Date.now() });
      })
      .catch((error) => records.push({ kind, at, ms: Date.now() - at, status: error.name === 'TimeoutError' ? 'timeout' : 'network' }))
      .finally(() => pending.delete(request));
    pending.add(request);
  };

  const started = Date.now();
  let running = true;
  const ticker = (async () => {
    while (running) {
      const due = Math.floor(((Date.now() - started) / 1000) * rate);
      while (sequence < due) {
        sequence += 1;
        const [, kind, make] = pick();
        send(kind, make());
        if (sequence % (rate * SIGN_IN_EVERY_S) === 0) send('sign-in', { call: () => signIn(baseUrl, setup.credentials) });
        if (sequence % rate === 0 && alertOuts < ALERT_OUTS) {
          alertOuts += 1;
          send('movement, alert item', movement(setup.alertItem, { movementType: 'out', quantity: 1, locationId: setup.from }));
        }
      }
      await sleep(5);
    }
  })();

  return {
    workspace: setup.workspace,
    alertItem: setup.alertItem,
    credentials: setup.credentials,
    async stop() {
      running = false;
      await ticker;
      await Promise.all([...pending]);
      return { records, acknowledged, alertItem: setup.alertItem, summary: summarize(records) };
    },
  };
}

async function signIn(baseUrl, credentials) {
  const visitor = session(baseUrl);
  await visitor.refreshCsrf();
  return visitor.send('POST', '/api/auth/login', credentials);
}

/** A session signed in as `credentials`, or the refusal as an error: `send(method, path, body)`. */
export async function signedIn(baseUrl, credentials) {
  const visitor = session(baseUrl);
  await visitor.refreshCsrf();
  await must(visitor.send('POST', '/api/auth/login', credentials), 'sign-in');
  await visitor.refreshCsrf();
  return visitor;
}

/**
 * Counts, failures by status, p99 and two figures of the failures:
 * - the error window: the longest stretch of time in which requests *sent* failed (failures sent
 *   less than 1 s apart count as one stretch), so a request that was in flight on a killed process
 *   adds its moment, not the RPC timeout it then waited out;
 * - the longest wait for a failure, which shows whether a client was ever left hanging.
 */
function summarize(records) {
  const failures = records.filter((r) => typeof r.status !== 'number' || r.status >= 400).sort((a, b) => a.at - b.at);
  const byStatus = {};
  for (const f of failures) byStatus[f.status] = (byStatus[f.status] ?? 0) + 1;
  let errorWindow = 0;
  let first;
  let last;
  for (const f of failures) {
    if (first === undefined || f.at - last > 1000) first = f.at;
    last = f.at;
    errorWindow = Math.max(errorWindow, last - first);
  }
  const latencies = records.map((r) => r.ms).sort((a, b) => a - b);
  return {
    sent: records.length,
    failed: failures.length,
    byStatus,
    errorWindow: Number((errorWindow / 1000).toFixed(1)),
    longestFailedWait: Math.max(0, ...failures.map((f) => f.ms)),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}
