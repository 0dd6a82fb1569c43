// `npm run drill [rolling|kill|nats|servers|all]`: fault drills on the cluster (infra/cluster/cluster.mjs)
// under steady mixed load through the load balancer (docs/operations.md, "Drills"). Each drill prints
// one row: requests sent, failed (by status), the longest run of failures in seconds, acknowledged
// movements lost or duplicated, how long the read models took to agree again, and whether the
// low-stock alert was raised exactly once. Exits 1 when a drill misses its target.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { gatewayStates, natsNodes, PORT, PROFILE, startCluster } from '../cluster/cluster.mjs';
import { backup } from '../backup/backup.mjs';
import { restore } from '../backup/restore.mjs';
import { appProcesses, ROOT, say, stackUp, startApp, waitForHealth } from '../scripts/lib.mjs';
import { signedIn, startLoad } from './load.mjs';
import { checkConsistency } from './consistency.mjs';

const RATE = Number(process.env.DRILL_RATE ?? 150);
/** Load before and after the faults, so the figures include the steady state on both sides. */
const STEADY_MS = 8_000;

/**
 * Runs a command without blocking: the load runs in this process, and a synchronous child would
 * stall it. Throws with the command's output when it fails.
 */
const exec = promisify(execFile);

/** The cluster's servers (infra/local-stack.sh): `up` starts the one a drill stopped. */
const stack = (command) => exec('bash', ['infra/local-stack.sh', command], { cwd: ROOT, env: { ...process.env, STACK_PROFILE: PROFILE } });

/** Waits until `check` holds, polling; returns the seconds it took. */
async function until(check, timeoutMs, what) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return (Date.now() - started) / 1000;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

/** A process answers again: its metrics port serves (it opens once the process is up), or for a gateway, HAProxy sees it UP. */
async function serving(cluster, name) {
  const index = cluster.processes.findIndex((p) => p.name === name);
  if (name.startsWith('gateway-')) {
    return until(async () => (await gatewayStates())[name] === 'UP', 60_000, `${name} back behind the load balancer`);
  }
  const port = Number(cluster.env.METRICS_PORT_BASE) + index;
  return until(async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).ok, 60_000, `${name} serving again`);
}

/** What happened when, printed beside the failures' timeline (DRILL_VERBOSE=1). */
const marks = [];
const mark = (what) => marks.push({ at: Date.now(), what });

const processNamed = (cluster, name) => cluster.processes.find((p) => p.name === name);

/** Signals one app process; the supervisor starts it again. Resolves once the new one serves. */
async function restart(cluster, name, signal) {
  const process_ = processNamed(cluster, name);
  const starts = process_.starts;
  process.kill(process_.pid, signal);
  mark(`${signal} ${name}`);
  await until(async () => process_.starts > starts, 60_000, `${name} restarted`);
  const seconds = await serving(cluster, name);
  mark(`${name} serving again`);
  return seconds;
}

/** The drills: each runs its faults while the load runs; `targets` says what must hold. */
/** Where the backup drill's run leaves its backup for its check. */
const drillState = {};
/** The restored product's gateway (the cluster's are PORT+1, PORT+2). */
const RESTORED_PORT = PORT + 50;
const RESTORE_CATCH_UP_MS = 600_000;

const DRILLS = {
  steady: {
    title: 'no fault: the same load alone, the baseline of the rows below',
    targets: { failed: 0, lost: 0, duplicated: 0 },
    async run() {
      await sleep(20_000);
    },
  },
  rolling: {
    title: 'rolling restart, SIGTERM, every process',
    targets: { failed: 0, lost: 0, duplicated: 0 },
    async run(cluster) {
      for (const { name } of appProcesses({ copies: 2 })) await restart(cluster, name, 'SIGTERM');
    },
  },
  kill: {
    title: 'kill -9: a gateway, the inventory process leading the outbox relay, a worker',
    targets: { lost: 0, duplicated: 0, window: 5 },
    async run(cluster) {
      const relayLeader = await lockHolder(cluster, 'inventory', RELAY_LOCK_KEY);
      const worker = relayLeader === 'inventory-worker-1' ? 'inventory-worker-2' : 'inventory-worker-1';
      for (const name of ['gateway-1', relayLeader, worker]) {
        await restart(cluster, name, 'SIGKILL');
        await sleep(3_000);
      }
    },
  },
  nats: {
    title: 'kill -9: the JetStream meta leader, then the stream leader',
    targets: { lost: 0, duplicated: 0, window: 10 },
    async run() {
      for (const role of ['meta', 'stream']) {
        const nodes = await natsNodes();
        const leader = role === 'meta' ? nodes.find((n) => n.up)?.metaLeader : await streamLeader(nodes);
        const pidfile = `${ROOT}/.data/${PROFILE}/pids/nats-${leader.split('-')[1]}.pid`;
        process.kill(Number(readFileSync(pidfile, 'utf8')), 'SIGKILL');
        mark(`SIGKILL NATS ${leader} (${role} leader)`);
        await sleep(5_000);
        await stack('up');
        mark(`NATS ${leader} started again`);
        await sleep(3_000);
      }
    },
  },
  servers: {
    title: 'Redis restart, then PostgreSQL restart (fast)',
    // Clients are answered within the RPC timeout (5 s) and a second, and no app process restarts.
    targets: { lost: 0, duplicated: 0, longestFailedWait: 6_000, appRestarts: 0 },
    async run(cluster) {
      await exec('redis-cli', ['-p', new URL(cluster.env.REDIS_URL).port, 'shutdown', 'nosave']).catch(() => undefined);
      mark('Redis stopped');
      await sleep(3_000);
      await stack('up');
      mark('Redis started again');
      await sleep(5_000);
      const { stdout } = await exec('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1']);
      const asPostgres = process.getuid() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
      const [cmd, ...args] = [
        ...asPostgres,
        `${stdout.trim()}/pg_ctl`,
        '-D',
        `${ROOT}/.data/${PROFILE}/postgres`,
        '-m',
        'fast',
        '-w',
        'stop',
      ];
      await exec(cmd, args);
      mark('PostgreSQL stopped (fast)');
      await sleep(3_000);
      await stack('up');
      mark('PostgreSQL started again');
    },
  },
  backup: {
    title: 'backup under load, restored into an empty stack',
    targets: { failed: 0, lost: 0, duplicated: 0 },
    async run(cluster) {
      drillState.backupDir = join(ROOT, '.data', 'drills', 'backup');
      rmSync(drillState.backupDir, { recursive: true, force: true });
      drillState.backupStartedAt = Date.now();
      mark('backup started');
      await backup(cluster.env, drillState.backupDir, { log: () => undefined });
      mark('backup done');
    },
    check: checkRestore,
  },
};

/** The outbox relay's advisory lock (services/shared/platform/src/events/outbox-relay.ts). */
const RELAY_LOCK_KEY = 4_242_002;

/**
 * The app process that holds an advisory lock in a database: PostgreSQL tells the client's port,
 * `ss` which process owns that port.
 */
async function lockHolder(cluster, database, key) {
  const url = new URL(cluster.env.PG_URL);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT a.client_port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND a.datname = $2`,
      [key, database],
    );
    if (!rows.length) throw new Error(`nobody holds lock ${key} in ${database}`);
    const { stdout: owner } = await exec('ss', ['-tnpH', `sport = :${rows[0].client_port}`]);
    const pid = Number(/pid=(\d+)/.exec(owner)?.[1]);
    const holder = cluster.processes.find((p) => p.pid === pid);
    if (!holder) throw new Error(`lock ${key} in ${database} is held by pid ${pid}, not an app process`);
    return holder.name;
  } finally {
    await client.end();
  }
}

/**
 * The backup drill's proof, after the load stopped: the backup restored into an empty stack of its
 * own (the restore profile) answers as the product did when the backup began. The account signs in
 * there; the same items (ids, names, SKUs, prices); every movement acknowledged before the backup
 * began is in the restored event store, once; the restored read models agree with it; and the alert
 * item's history there is the product's history up to the backup.
 */
async function checkRestore(cluster, load, traffic) {
  const { backupDir, backupStartedAt } = drillState;
  await exec('bash', ['infra/local-stack.sh', 'down'], { cwd: ROOT, env: { ...process.env, STACK_PROFILE: 'restore' } });
  rmSync(join(ROOT, '.data', 'restore'), { recursive: true, force: true });
  const serverEnv = stackUp('restore');
  const restoreStarted = Date.now();
  await restore(serverEnv, backupDir, { log: () => undefined });
  const env = {
    ...cluster.env,
    ...serverEnv,
    PORT: String(RESTORED_PORT),
    // One NATS server here: the cluster's three copies of the events stream cannot be kept.
    EVENTS_STREAM_REPLICAS: '',
    PUBLIC_URL: `http://localhost:${RESTORED_PORT}`,
    METRICS_PORT_BASE: String(RESTORED_PORT + 100),
  };
  const app = startApp(env, { quiet: !process.env.DRILL_VERBOSE });
  try {
    const url = `http://127.0.0.1:${RESTORED_PORT}`;
    await waitForHealth(url, 120_000);
    const misses = [];
    const [source, restored] = [await signedIn(cluster.url, load.credentials), await signedIn(url, load.credentials)];
    const items = async (session) =>
      (await session.send('GET', '/api/inventory?limit=100')).body
        .map((i) => `${i.id} ${i.name} ${i.sku} ${i.unitPrice}`)
        .sort()
        .join('\n');
    if ((await items(source)) !== (await items(restored))) misses.push('the items differ');

    const before = traffic.acknowledged.filter((a) => a.answeredAt < backupStartedAt);
    // The restored stack publishes the whole history again: its read models catch up at the
    // consumers' pace, which grows with the history (docs/operations.md, "Backup and restore").
    const consistency = await checkConsistency(
      serverEnv.PG_URL,
      load.workspace,
      { acknowledged: before, alertItem: load.alertItem },
      { withinMs: RESTORE_CATCH_UP_MS },
    );
    if (consistency.lost) misses.push(`${consistency.lost} movements acknowledged before the backup are missing`);
    if (consistency.duplicated) misses.push(`${consistency.duplicated} movements restored twice`);
    if (consistency.convergedAfter === null) misses.push('the restored read models did not agree');

    const history = async (session) =>
      (await session.send('GET', `/api/inventory/${load.alertItem}/movements?limit=100`)).body.map((m) => m.id);
    const [sourceHistory, restoredHistory] = [await history(source), await history(restored)];
    if (restoredHistory.join() !== sourceHistory.slice(sourceHistory.length - restoredHistory.length).join()) {
      misses.push("the alert item's history differs");
    }
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    return {
      misses,
      note:
        `backup ${((Date.parse(manifest.finishedAt) - Date.parse(manifest.startedAt)) / 1000).toFixed(1)} s under load ` +
        `(${manifest.databases.length} databases, ${manifest.objects.count} objects); restore and catch-up ` +
        `${((Date.now() - restoreStarted) / 1000).toFixed(1)} s; ${before.length} movements acknowledged before it, all restored; ` +
        `alert item history ${restoredHistory.length} of ${sourceHistory.length} entries, the same`,
    };
  } finally {
    await app.stop();
  }
}

async function streamLeader(nodes) {
  for (const node of nodes.filter((n) => n.up)) {
    const jsz = await (await fetch(`${node.monitor}/jsz?streams=true`)).json();
    const leader = jsz.account_details?.[0]?.stream_detail?.find((s) => s.name === 'EVENTS')?.cluster?.leader;
    if (leader) return leader;
  }
  throw new Error('no stream leader found');
}

async function runDrill(cluster, key) {
  const drill = DRILLS[key];
  say(`drill: ${drill.title} (${RATE} req/s through the load balancer)`);
  const load = await startLoad(cluster.url, RATE);
  const startsBefore = cluster.processes.reduce((sum, p) => sum + p.starts, 0);
  await sleep(STEADY_MS);
  // A fault that could not be done is a miss of its own; the load still stops and is checked.
  const faultError = await drill.run(cluster).then(
    () => null,
    (error) => error,
  );
  await sleep(STEADY_MS);
  const traffic = await load.stop();
  if (process.env.DRILL_VERBOSE) printTimeline(traffic.records);
  marks.length = 0;
  const consistency = await checkConsistency(cluster.env.PG_URL, load.workspace, traffic);
  const appRestarts = cluster.processes.reduce((sum, p) => sum + p.starts, 0) - startsBefore;
  const row = { drill: key, ...traffic.summary, ...consistency, appRestarts };
  const extra = drill.check
    ? await drill.check(cluster, load, traffic).catch((error) => ({ misses: [`the check failed: ${error.message.split('\n')[0]}`] }))
    : { misses: [] };
  if (extra.note) say(`${key}: ${extra.note}`);
  const misses = [...extra.misses, ...(faultError ? [`the faults failed: ${faultError.message}`] : [])];
  if (drill.targets.failed !== undefined && row.failed > drill.targets.failed) misses.push(`${row.failed} failed requests`);
  if (drill.targets.window !== undefined && row.errorWindow > drill.targets.window) misses.push(`errors for ${row.errorWindow} s`);
  if (drill.targets.longestFailedWait !== undefined && row.longestFailedWait > drill.targets.longestFailedWait) {
    misses.push(`a failure took ${row.longestFailedWait} ms to arrive`);
  }
  if (drill.targets.appRestarts !== undefined && row.appRestarts > drill.targets.appRestarts)
    misses.push(`${row.appRestarts} app processes restarted`);
  if (row.lost > 0) misses.push(`${row.lost} acknowledged movements lost`);
  if (row.duplicated > 0) misses.push(`${row.duplicated} movements duplicated`);
  if (row.convergedAfter === null) misses.push('read models did not agree');
  if (!row.alertOnce) misses.push('the low-stock alert was not raised exactly once');
  return { ...row, verdict: misses.length ? `MISSED: ${misses.join(', ')}` : 'met' };
}

/** Sent, failed (by status) and p99 per 2 s, with what the drill did in that time. */
function printTimeline(records) {
  const start = Math.min(...records.map((r) => r.at));
  const buckets = new Map();
  for (const r of records) {
    const key = Math.floor((r.at - start) / 2000);
    if (!buckets.has(key)) buckets.set(key, []);
    buckets.get(key).push(r);
  }
  for (const [key, list] of [...buckets].sort((a, b) => a[0] - b[0])) {
    const failed = {};
    for (const r of list) {
      if (typeof r.status === 'number' && r.status < 400) continue;
      const key = `${r.status} ${r.kind}${r.message ? `: ${r.message}` : ''}`;
      failed[key] = (failed[key] ?? 0) + 1;
    }
    const ms = list.map((r) => r.ms).sort((a, b) => a - b);
    const what = marks.filter((m) => Math.floor((m.at - start) / 2000) === key).map((m) => m.what);
    console.log(
      `${String(key * 2).padStart(4)} s  sent ${String(list.length).padStart(4)}  p99 ${String(ms[Math.floor(ms.length * 0.99)]).padStart(5)} ms  failed ${JSON.stringify(failed)}  ${what.join('; ')}`,
    );
  }
}

function print(rows) {
  const header = [
    'drill',
    'sent',
    'failed (by status)',
    'max error window',
    'longest failed wait',
    'acked movements',
    'duplicated',
    'converged after',
    'alert once',
    'p99',
    'app restarts',
    'target',
  ];
  const lines = rows.map((r) => [
    r.drill,
    r.sent,
    `${r.failed}${
      r.failed
        ? ` (${Object.entries(r.byStatus)
            .map(([s, n]) => `${s}: ${n}`)
            .join(', ')})`
        : ''
    }`,
    `${r.errorWindow} s`,
    `${r.longestFailedWait} ms`,
    `${r.acknowledged} acked, ${r.lost} lost`,
    r.duplicated,
    r.convergedAfter === null ? 'no' : `${r.convergedAfter} s`,
    r.alertOnce ? 'yes' : 'no',
    `${r.p99} ms`,
    r.appRestarts,
    r.verdict,
  ]);
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

const wanted = process.argv[2] ?? 'all';
const keys = wanted === 'all' ? Object.keys(DRILLS) : wanted.split(',');
if (!keys.every((key) => DRILLS[key])) {
  console.error(`usage: drill.mjs [${Object.keys(DRILLS).join('|')}|all]`);
  process.exit(2);
}
// Sign-ins of the load all come from this machine's one address.
const cluster = await startCluster({ quiet: !process.env.DRILL_VERBOSE, env: { AUTH_RATE_LIMIT: '1000000' } });
const rows = [];
try {
  for (const key of keys) rows.push(await runDrill(cluster, key));
} finally {
  await cluster.stop();
}
print(rows);
process.exit(rows.every((r) => r.verdict === 'met') ? 0 : 1);
