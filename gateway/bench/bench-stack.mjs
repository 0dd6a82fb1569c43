// A private stack for benchmarks: its own PostgreSQL, Redis, NATS and S3 store (infra/local-stack.sh
// with other ports and a temporary data dir) and the built app processes a benchmark needs. Nothing
// touches the dev or test servers, and everything is removed afterwards (but a `dataDir` of the caller's).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Agent, request } from 'undici';
import { natsUrlFor, TOOLS_USER } from '../../infra/nats/auth.mjs';
import { NODE_ARGS } from '../../infra/scripts/lib.mjs';

/** The PostgreSQL setting that loads pg_stat_statements (startStack's pgOptions). */
export const PG_STAT_STATEMENTS_OPTION = '-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `fsync: true` keeps PostgreSQL durable, as in production; off by default for bulk-load benchmarks.
 * `pgOptions` adds PostgreSQL server settings (`-c name=value …`), e.g. to load pg_stat_statements.
 * `dataDir` keeps the servers' data there across runs (a data set worth caching); by default a
 * temporary folder, removed at stop().
 * The default ports (PostgreSQL 20432, NATS 19222, ...) stay below Linux's ephemeral range
 * (32768 and up), where an outgoing connection may hold the port a server wants to bind.
 */
export function startStack(
  offset = Number(process.env.BENCH_PORT_OFFSET ?? 5000),
  { fsync = false, pgOptions = process.env.BENCH_PG_OPTIONS ?? '', dataDir: keptDir = undefined } = {},
) {
  if (keptDir) mkdirSync(keptDir, { recursive: true });
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'inventory-bench-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must reach its folder inside
  const stackEnv = {
    ...process.env,
    STACK_PROFILE: 'bench',
    DATA_DIR: dataDir,
    PG_PORT: String(15432 + offset),
    REDIS_PORT: String(16379 + offset),
    NATS_PORT: String(14222 + offset),
    NATS_MONITOR_PORT: String(18222 + offset),
    S3_PORT: String(19000 + offset),
    PG_FSYNC: fsync ? 'on' : 'off',
    PG_OPTIONS: pgOptions,
  };
  const stack = (command) => {
    const result = spawnSync('bash', ['infra/local-stack.sh', command], { cwd: ROOT, env: stackEnv, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`local-stack ${command} failed: ${result.stderr}`);
    return result.stdout;
  };
  stack('up');
  const serverEnv = Object.fromEntries(
    stack('env')
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  // No scheduled demo reset: a bench measures its own calls (and some run without the services it needs).
  const env = { ...process.env, ...serverEnv, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(3000 + offset), DEMO_RESET_HOURS: '0' };
  // NATS wants a user per process (infra/nats/auth.mjs): each entry point gets its own, named after
  // its project (services/<name>/…, gateway/…); the benchmark itself connects as the tools user.
  const credentials = JSON.parse(readFileSync(serverEnv.NATS_CREDENTIALS_FILE, 'utf8'));
  const natsUser = (script) => script.match(/^services\/([\w-]+)\//)?.[1] ?? 'gateway';
  const envFor = (script) => ({ ...env, NATS_URL: natsUrlFor(serverEnv.NATS_URL, natsUser(script), credentials) });
  const children = [];
  return {
    env,
    /** nats.js connection options for the benchmark's own connection. */
    nats: { servers: serverEnv.NATS_URL, user: TOOLS_USER, pass: credentials[TOOLS_USER] },
    baseUrl: `http://127.0.0.1:${env.PORT}`,
    /**
     * Starts a built entry point (e.g. services/reporting/dist/main.js) with the stack's environment,
     * the Node options `npm start` gives it (infra/scripts/lib.mjs) and any more.
     */
    start(script, extraEnv = {}, nodeArgs = []) {
      const processName = `${natsUser(script)}${script.endsWith('main.worker.js') ? '-worker' : ''}`;
      // BENCH_TRACE_GC=1 logs each process's garbage collections (V8's --trace-gc, stamped in ms since
      // its start) to .data/profiles/gc-<process>.log, whose first line is the start's epoch ms.
      const traceGc = process.env.BENCH_TRACE_GC === '1';
      const gcLog = traceGc ? openGcLog(processName) : 'ignore';
      const child = spawn(
        process.execPath,
        [...(NODE_ARGS[processName] ?? []), ...(traceGc ? ['--trace-gc'] : []), ...nodeArgs, join(ROOT, script)],
        { cwd: ROOT, env: { ...envFor(script), ...extraEnv }, stdio: ['ignore', gcLog, 'inherit'] },
      );
      children.push(child);
      return child;
    },
    /**
     * Runs a built entry point (with any Node options) to its end and returns what it logged. Asynchronously: a rebuild of
     * 11 million events takes a quarter of an hour, and a process blocked that long loses its NATS
     * connection (the server's pings go unanswered).
     */
    async run(script, nodeArgs = []) {
      const child = spawn(process.execPath, [...nodeArgs, join(ROOT, script)], {
        cwd: ROOT,
        env: { ...envFor(script), LOG_LEVEL: 'log' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const [code] = await once(child, 'close');
      if (code !== 0) throw new Error(`${script} failed: ${output}`);
      return output;
    },
    async stop() {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)));
      stack('down');
      if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function openGcLog(processName) {
  mkdirSync(join(ROOT, '.data', 'profiles'), { recursive: true });
  const fd = openSync(join(ROOT, '.data', 'profiles', `gc-${processName}.log`), 'w');
  writeSync(fd, `started ${Date.now()}\n`);
  return fd;
}

/** Signs up a fresh user through the API: the session cookie header, the user id and the credentials. */
export async function signUp(baseUrl, label) {
  const email = `${label}-${Date.now()}@bench.test`;
  const password = 'bench-secret';
  const { call, token, cookie } = await browserSession(baseUrl);
  const res = await call('/api/auth/register', {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Bench', lastName: label, email, password }),
    headers: { 'content-type': 'application/json', 'x-csrf-token': token },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const user = await res.json();
  return { userId: user.id, email, password, cookie: cookie() };
}

/** Signs in a user signUp made (in a data set kept from an earlier run): the same fields. */
export async function signIn(baseUrl, { userId, email, password }) {
  const { call, token, cookie } = await browserSession(baseUrl);
  const res = await call('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json', 'x-csrf-token': token },
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { userId, email, password, cookie: cookie() };
}

/** A cookie jar against the gateway, with its CSRF token. */
async function browserSession(baseUrl) {
  const jar = new Map();
  const call = async (path, init = {}) => {
    const headers = { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  const { token } = await (await call('/api/auth/csrf')).json();
  return { call, token, cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
}

/** Polls until `check` returns something truthy. */
export async function waitFor(check, timeoutMs = 120_000, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error('timed out');
}

/** Starts pg_stat_statements afresh (the stack must load it: startStack's pgOptions, `PG_STAT_STATEMENTS_OPTION`). */
export async function statementsReset(stack) {
  const db = new pg.Client({ connectionString: `${stack.env.PG_URL}/postgres` });
  await db.connect();
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('SELECT pg_stat_statements_reset()');
  await db.end();
}

/**
 * The statements that took the most of PostgreSQL's time since statementsReset(), by database: running
 * them and planning them (`plans` below `calls` means PostgreSQL kept a plan; docs/architecture.md).
 */
export async function printStatements(stack) {
  const db = new pg.Client({ connectionString: `${stack.env.PG_URL}/postgres` });
  await db.connect();
  const { rows } = await db.query(
    `SELECT d.datname AS db, s.calls, round(s.total_exec_time)::int AS ms, round((s.total_exec_time / nullif(s.calls, 0))::numeric, 2)::float AS "ms/call", round(s.max_exec_time::numeric, 1)::float AS "max ms",
            s.plans, round(s.total_plan_time)::int AS "plan ms", s.rows, left(regexp_replace(s.query, '\\s+', ' ', 'g'), 90) AS statement
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      ORDER BY s.total_exec_time + s.total_plan_time DESC LIMIT 25`,
  );
  await db.end();
  console.table(rows);
}

/**
 * Waits until every durable consumer of the event stream (each service's projections) has applied
 * all it was sent: a read measured while they catch up on a bulk load would share the cores with them.
 */
export async function projectionsCaughtUp(stack, timeoutMs = 3_600_000, { progress = false } = {}) {
  const behind = async () => {
    const jsz = await (await fetch(`${stack.env.NATS_MONITOR_URL}/jsz?consumers=true&config=true`)).json();
    const consumers = (jsz.account_details ?? []).flatMap((account) =>
      (account.stream_detail ?? []).flatMap((stream) => stream.consumer_detail ?? []),
    );
    return consumers
      .filter((consumer) => consumer.config?.durable_name)
      .reduce((sum, consumer) => sum + consumer.num_pending + consumer.num_ack_pending, 0);
  };
  let lastSaid = Date.now();
  await waitFor(
    async () => {
      const events = await behind();
      if (progress && Date.now() - lastSaid >= 60_000) {
        lastSaid = Date.now();
        console.error(`  ${new Date().toISOString().slice(11, 19)}: ${events.toLocaleString('en-US')} events still to apply`);
      }
      return events === 0;
    },
    timeoutMs,
    1_000,
  );
}

/**
 * Waits until no worker has a job to do: every BullMQ queue on the stack's Redis (found by its
 * keys) without a job waiting or running. A bulk load leaves work there that no NATS consumer
 * shows (an import's low-stock alerts and their notifications). Delayed jobs are left out: a
 * scheduled one (the daily expiry scan) always waits. Returns the seconds it waited.
 */
export async function workersIdle(stack, timeoutMs = 3_600_000) {
  const started = performance.now();
  const redis = new Redis(stack.env.REDIS_URL, { maxRetriesPerRequest: null });
  const queues = [];
  try {
    const names = new Set();
    for (let cursor = '0'; ;) {
      // Each queue that ever had a job keeps its job counter at bull:<queue>:id.
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'bull:*:id', 'COUNT', 1000);
      for (const key of keys) names.add(key.slice('bull:'.length, -':id'.length));
      if ((cursor = next) === '0') break;
    }
    for (const name of names) queues.push(new Queue(name, { connection: redis }));
    const busy = async () => {
      const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('waiting', 'active', 'prioritized')));
      return counts.some((count) => Object.values(count).some((n) => n > 0));
    };
    await waitFor(async () => !(await busy()), timeoutMs, 1_000);
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
    redis.disconnect();
  }
  return (performance.now() - started) / 1000;
}

/**
 * The same starting conditions for every measured run, as the floor's bench.sh gives its own
 * (`VACUUM (ANALYZE)`, then `CHECKPOINT`): every database vacuumed with fresh planner statistics,
 * so that no run is planned on the empty tables' estimates of a stack started minutes ago.
 */
export async function settleDatabases(stack) {
  const admin = new pg.Client({ connectionString: `${stack.env.PG_URL}/postgres` });
  await admin.connect();
  const { rows } = await admin.query('SELECT datname FROM pg_database WHERE NOT datistemplate');
  for (const { datname } of rows) {
    const db = new pg.Client({ connectionString: `${stack.env.PG_URL}/${datname}` });
    await db.connect();
    await db.query('VACUUM (ANALYZE)');
    await db.end();
  }
  await admin.query('CHECKPOINT');
  await admin.end();
}

/**
 * `clients` clients, each asking `url` again as soon as answered, for `seconds`: the latency
 * percentiles (ms), the rate, and the failures by status.
 */
export function measureCalls(url, cookie, { clients = 8, seconds = 8 } = {}) {
  return measureLatency((dispatcher) => request(url, { headers: { cookie }, dispatcher }), { clients, seconds });
}

/**
 * `clients` clients, each calling `send(dispatcher)` (undici's `request` through that dispatcher, one
 * connection per client) again as soon as answered, for `seconds` or, given `until` (a promise),
 * until it settles: the latency percentiles (ms), the rate, the count, the failures by status, and
 * the CPU this process spent per call (`clientCpuMs`).
 * Not `fetch`: on this 2-core machine it spent 1.2–1.6 ms of the bench's CPU per 100-item page,
 * `request` 0.56–0.61 (the floor's autocannon 0.53–0.55), and the servers measured lost that CPU:
 * their latencies grew with it (docs/reports.md, "At scale").
 */
export async function measureLatency(send, { clients = 8, seconds = 8, until } = {}) {
  const dispatcher = new Agent({ connections: clients });
  const latencies = [];
  const failures = new Map();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let over = false;
  if (until) until.finally(() => (over = true));
  else setTimeout(() => (over = true), seconds * 1000);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!over) {
        const sent = performance.now();
        const { statusCode, body } = await send(dispatcher);
        await body.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (statusCode < 200 || statusCode > 299) failures.set(statusCode, (failures.get(statusCode) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  const at = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]);
  return {
    calls: latencies.length,
    seconds: elapsed,
    perSecond: Math.round(latencies.length / elapsed),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    clientCpuMs: (cpu.user + cpu.system) / 1000 / latencies.length,
    failures: [...failures].map(([status, n]) => `${n} × ${status}`),
  };
}
