// Inventory API benchmark:
//   node gateway/bench/inventory.bench.mjs [private | http://127.0.0.1:3000] [seconds per scenario] [connections]
// "private" (the default) starts its own PostgreSQL (fsync on), Redis, NATS and S3 store and every
// built app process on other ports, and removes them afterwards; a URL measures a running app.
// Signs up a fresh user, seeds 1,000 items through the API, then runs autocannon for each scenario
// (list 100 items; a stock movement on a random item; a stock movement on one hot item). Before
// each, the databases are vacuumed and analyzed and a checkpoint taken, as the floor's bench.sh
// does, then a 5 s warm-up runs unmeasured (JIT-compiling the path, filling connection pools).
// Prints req/s, p50, p99, p99.9, the non-2xx count and the machine's CPU time per request (every
// process, the load generator included: steadier than req/s on a VM whose speed varies), split by
// process. Targets on the 2-core dev machine: list ≥ 500 req/s, movements ≥ 300 req/s, p99 < 150 ms;
// against the floor (../shared/bench/floor, run just before): README.md, "Benchmarks".
import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { appProcesses, waitForHealth } from '../../infra/scripts/lib.mjs';
import { PG_STAT_STATEMENTS_OPTION, printStatements, settleDatabases, startStack, statementsReset } from './bench-stack.mjs';

const target = process.argv[2] ?? 'private';
// BENCH_PG_STATEMENTS=1 prints, after each scenario, the statements PostgreSQL spent its time on (run and planned).
const pgStatements = process.env.BENCH_PG_STATEMENTS === '1' && target === 'private';
const stack =
  target === 'private' ? startStack(undefined, { fsync: true, pgOptions: pgStatements ? PG_STAT_STATEMENTS_OPTION : '' }) : null;
// A run that fails still stops what it started: left running, its processes hold the next run's ports.
try {
  const baseUrl = stack ? stack.baseUrl : target.replace(/\/$/, '');
  // BENCH_CPU_PROF=<process name>,… writes V8 CPU profiles of those processes to .data/profiles/.
  const profiled = new Set((process.env.BENCH_CPU_PROF ?? '').split(',').filter(Boolean));
  const profiling = ['--cpu-prof', '--cpu-prof-dir=.data/profiles'];
  if (stack) {
    for (const { name, script } of appProcesses()) stack.start(script, {}, profiled.has(name) ? profiling : []);
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
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const tick = 1000 / 100;
    return { busy: (user + nice + system + irq + softirq) * tick, steal: steal * tick };
  }

  /**
   * CPU time so far (ms) of the processes that serve a request, grouped as the table prints them:
   * the gateway, the inventory service, PostgreSQL, nats-server, and the load generator (this process).
   */
  function processCpu() {
    const groups = { gateway: 0, inventory: 0, services: 0, postgres: 0, nats: 0, autocannon: 0, other: 0 };
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat, cmdline;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, and the children's that ended (PostgreSQL's backends), in 100 Hz ticks
      const ms = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
      const group =
        Number(pid) === process.pid
          ? 'autocannon'
          : cmdline.includes('gateway/dist/main.js')
            ? 'gateway'
            : cmdline.includes('services/inventory/dist/main.js')
              ? 'inventory'
              : /services\/\w+\/dist\/main/.test(cmdline)
                ? 'services'
                : cmdline.startsWith('postgres') || cmdline.includes('/bin/postgres')
                  ? 'postgres'
                  : cmdline.includes('nats-server')
                    ? 'nats'
                    : 'other';
      groups[group] += ms;
    }
    return groups;
  }

  // BENCH_TIMELINE=1 prints each measured second's request count, p50, p99 and slowest, to see when a tail happens.
  const timeline = process.env.BENCH_TIMELINE === '1';

  function run(title, options, { measured = false } = {}) {
    return new Promise((resolve, reject) => {
      const seconds = [];
      const started = Date.now();
      const instance = autocannon({ url: baseUrl, connections, duration, ...options }, (error, result) => {
        if (!error && measured && timeline) printTimeline(title, started, seconds);
        return error ? reject(error) : resolve({ title, result });
      });
      if (measured && timeline) {
        instance.on('response', (_client, _status, _bytes, ms) => (seconds[Math.floor((Date.now() - started) / 1000)] ??= []).push(ms));
      }
    });
  }

  function printTimeline(title, started, seconds) {
    const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    console.log(`${title}, second by second (requests, p50, p99, slowest ms) from epoch ms ${started}:`);
    for (const [second, times] of seconds.entries()) {
      const sorted = (times ?? []).sort((a, b) => a - b);
      console.log(
        `  ${String(second).padStart(3)} ${String(sorted.length).padStart(6)} ${at(sorted, 0.5)} ${at(sorted, 0.99)} ${sorted.at(-1)}`,
      );
    }
  }

  const { headers } = await signUp();
  // A gateway in service has answered errors (a signed-out visitor's 401, a mistyped id's 404): the
  // figures are those of one that has, not of one fresh from its start.
  const signedOut = await fetch(`${baseUrl}/api/auth/user`);
  if (signedOut.status !== 401) throw new Error(`a signed-out GET /api/auth/user answered ${signedOut.status}, not 401`);
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
  // BENCH_SCENARIOS=list,random (words of the titles) runs only those, e.g. while profiling one path.
  const only = (process.env.BENCH_SCENARIOS ?? '').split(',').filter(Boolean);
  const chosen = only.length === 0 ? scenarios : scenarios.filter(([title]) => only.some((word) => title.includes(word)));
  for (const [title, options, target] of chosen) {
    if (stack) await settleDatabases(stack);
    await run(title, { ...options, duration: WARM_UP });
    if (pgStatements) await statementsReset(stack);
    const before = machineCpu();
    const processesBefore = processCpu();
    const { result } = await run(title, options, { measured: true });
    const processesAfter = processCpu();
    const after = machineCpu();
    if (pgStatements) {
      console.log(title);
      await printStatements(stack);
    }
    const perRequest = (name) => ((processesAfter[name] - processesBefore[name]) / result.requests.total).toFixed(2);
    const rate = result.requests.average;
    baseline ??= rate;
    rows.push({
      scenario: title,
      'req/s': Math.round(rate),
      'vs baseline': `${(rate / baseline).toFixed(2)}×`,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'p99.9 ms': result.latency.p99_9,
      'non-2xx': result.non2xx,
      'CPU ms/req': ((after.busy - before.busy) / result.requests.total).toFixed(2),
      'CPU ms/req: gateway inventory other-services pg nats autocannon': [
        'gateway',
        'inventory',
        'services',
        'postgres',
        'nats',
        'autocannon',
      ]
        .map(perRequest)
        .join(' '),
      'steal %': (((after.steal - before.steal) / (duration * 1000 * availableParallelism())) * 100).toFixed(0),
      errors: result.errors + result.timeouts,
      target: target === null ? '' : `≥ ${target} req/s, p99 < 150 ms: ${rate >= target && result.latency.p99 < 150 ? 'met' : 'NOT met'}`,
    });
  }
  console.table(rows);
} finally {
  await stack?.stop();
}
