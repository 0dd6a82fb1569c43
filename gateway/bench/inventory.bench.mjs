// Inventory API benchmark:
//   node gateway/bench/inventory.bench.mjs [private | http://127.0.0.1:3000] [seconds per scenario] [connections]
// "private" (the default) starts its own PostgreSQL (fsync on), Redis, NATS and S3 store and every
// built app process on other ports, and removes them afterwards; a URL measures a running app.
// Signs up a fresh user, seeds 1,000 items through the API, then runs autocannon for each scenario
// (list 100 items; a stock movement on a random item; a stock movement on one hot item), each after
// a 5 s warm-up that is not measured (JIT-compiling the path, filling connection pools), and prints
// req/s, p50, p99, the non-2xx count and the machine's CPU time per request (every process, the
// load generator included: steadier than req/s on a VM whose speed varies). Targets on the 2-core dev machine: list ≥ 500 req/s,
// movements ≥ 300 req/s, p99 < 150 ms.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { appProcesses, waitForHealth } from '../../infra/scripts/lib.mjs';
import { startStack } from './bench-stack.mjs';

const target = process.argv[2] ?? 'private';
const stack = target === 'private' ? startStack(undefined, { fsync: true }) : null;
const baseUrl = stack ? stack.baseUrl : target.replace(/\/$/, '');
if (stack) {
  for (const { script, nodeArgs } of appProcesses()) stack.start(script, {}, nodeArgs);
  await waitForHealth(baseUrl, 120_000);
}
const duration = Number(process.argv[3] ?? 20);
const connections = Number(process.argv[4] ?? 32);
const ITEMS = 1000;
/** Seconds each scenario runs unmeasured first, so the figures are the steady state's. */
const WARM_UP = 5;

/** A signed-in session: cookie jar and CSRF token, as the web app holds them. */
async function signUp() {
  const jar = new Map();
  const call = async (path, init = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers: { ...init.headers, cookie: cookieOf(jar) } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  const token = async () => (await (await call('/api/auth/csrf')).json()).token;
  const body = JSON.stringify({
    firstName: 'Bench',
    lastName: 'Inventory',
    email: `inventory-bench-${Date.now()}@bench.test`,
    password: 'bench-secret',
  });
  const res = await call('/api/auth/register', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-csrf-token': await token() },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  // The session id changes at sign-up: the CSRF token (and its cookie) must be the new session's.
  const csrf = await token();
  return { headers: { cookie: cookieOf(jar), 'x-csrf-token': csrf, 'content-type': 'application/json' } };
}

const cookieOf = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

async function seed(headers) {
  const ids = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < ITEMS; i = next++) {
      const body = JSON.stringify({
        name: `Bench item ${i}`,
        sku: `BENCH-${i}`,
        unitPrice: '9.99',
        currentStock: 1_000_000,
        reorderLevel: 10,
      });
      const res = await fetch(`${baseUrl}/api/inventory`, { method: 'POST', headers, body });
      if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
      ids.push((await res.json()).id);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return ids;
}

const movement = () => JSON.stringify({ quantity: 1, movementType: Math.random() < 0.5 ? 'in' : 'out', reason: 'bench' });

/** Busy and stolen CPU time of the whole machine so far, in ms (Linux /proc/stat). */
function machineCpu() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const tick = 1000 / 100;
  return { busy: (user + nice + system + irq + softirq) * tick, steal: steal * tick };
}

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url: baseUrl, connections, duration, ...options }, (error, result) =>
      error ? reject(error) : resolve({ title, result }),
    );
  });
}

const { headers } = await signUp();
const started = Date.now();
const ids = await seed(headers);
console.log(
  `seeded ${ids.length} items in ${((Date.now() - started) / 1000).toFixed(1)} s; ${connections} connections, ${duration} s per scenario\n`,
);

// The baseline, measured in the same run: the lightest signed-in call (session lookup and one small
// service round trip), so the ratios below say what the inventory work itself costs on this machine.
const scenarios = [
  ['baseline: GET /api/auth/user', { requests: [{ method: 'GET', path: '/api/auth/user', headers }] }, null],
  ['list 100 items', { requests: [{ method: 'GET', path: '/api/inventory?limit=100', headers }] }, 500],
  [
    'movement on random items',
    {
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest: (req) => ({
            ...req,
            path: `/api/inventory/${ids[Math.floor(Math.random() * ids.length)]}/stock`,
            body: movement(),
          }),
        },
      ],
    },
    300,
  ],
  [
    'movement on one hot item',
    {
      requests: [
        { method: 'POST', path: `/api/inventory/${ids[0]}/stock`, headers, setupRequest: (req) => ({ ...req, body: movement() }) },
      ],
    },
    300,
  ],
];

const rows = [];
let baseline;
for (const [title, options, target] of scenarios) {
  await run(title, { ...options, duration: WARM_UP });
  const before = machineCpu();
  const { result } = await run(title, options);
  const after = machineCpu();
  const rate = result.requests.average;
  baseline ??= rate;
  rows.push({
    scenario: title,
    'req/s': Math.round(rate),
    'vs baseline': `${(rate / baseline).toFixed(2)}×`,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    'CPU ms/req': ((after.busy - before.busy) / result.requests.total).toFixed(2),
    'steal %': (((after.steal - before.steal) / (duration * 1000 * availableParallelism())) * 100).toFixed(0),
    errors: result.errors + result.timeouts,
    target: target === null ? '' : `≥ ${target} req/s, p99 < 150 ms: ${rate >= target && result.latency.p99 < 150 ? 'met' : 'NOT met'}`,
  });
}
console.table(rows);
await stack?.stop();
