// `npm run cluster`: the product as production runs it, on this machine (docs/operations.md, "The
// cluster"): a 3-node NATS cluster with JetStream (the events stream kept on all 3), two of every
// service and worker, two gateways behind HAProxy with health checks, sharing one PostgreSQL, Redis,
// S3 store and mail catcher. Ctrl-C stops the app processes and HAProxy; the servers keep running.
//
//   node infra/cluster/cluster.mjs [up]     # start and stay in the foreground (npm run cluster)
//   node infra/cluster/cluster.mjs status   # every part's state, from another terminal
//   node infra/cluster/cluster.mjs down     # stop the servers too
//
// The drills (infra/drills/) start it through startCluster().
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll, ensureDependencies, ROOT, say, stackUp, startApp, waitForHealth } from '../scripts/lib.mjs';
import { seedDemoInventory } from '../scripts/seed-demo.mjs';
import { supervise } from '../scripts/supervisor.mjs';
import { haproxyConfig, NO_GATEWAY_ANSWER } from './haproxy.mjs';

export const PROFILE = 'cluster';
/** The load balancer's port, the one URL of the cluster; gateway n listens on PORT+n, HAProxy's stats page on PORT+9. */
export const PORT = Number(process.env.CLUSTER_PORT ?? 4000);
export const COPIES = 2;
export const STREAM_REPLICAS = 3;
const DATA_DIR = join(ROOT, '.data', PROFILE);
const statsUrl = `http://127.0.0.1:${PORT + 9}/`;

/**
 * Starts the whole cluster; resolves once the load balancer's URL answers healthy. `stop()` ends the
 * app processes and HAProxy (the servers keep running: `down` stops them).
 */
export async function startCluster({ quiet = false, env: extraEnv = {} } = {}) {
  ensureDependencies();
  say('starting PostgreSQL, Redis, a 3-node NATS cluster, the S3 store and the mail catcher');
  const serverEnv = stackUp(PROFILE);
  say('building (unchanged projects come from the Nx cache)');
  buildAll();

  const url = `http://127.0.0.1:${PORT}`;
  const env = {
    PUBLIC_URL: `http://localhost:${PORT}`,
    NODE_ENV: 'development',
    ...process.env,
    ...serverEnv,
    PORT: String(PORT + 1),
    METRICS_PORT_BASE: String(29400),
    // The load balancer is the one proxy the gateways believe (docs/security.md).
    TRUST_PROXY: 'loopback',
    SHUTDOWN_DRAIN_MS: '1500',
    // The events stream on all three NATS nodes: one lost loses nothing (docs/operations.md).
    EVENTS_STREAM_REPLICAS: String(STREAM_REPLICAS),
    ...extraEnv,
  };
  say(`starting ${COPIES} of every service, worker and gateway`);
  const app = startApp(env, { copies: COPIES, quiet });

  mkdirSync(DATA_DIR, { recursive: true });
  const config = join(DATA_DIR, 'haproxy.cfg');
  const errorFile = join(DATA_DIR, '503.http');
  writeFileSync(errorFile, NO_GATEWAY_ANSWER);
  writeFileSync(
    config,
    haproxyConfig({
      bind: `127.0.0.1:${PORT}`,
      gateways: Array.from({ length: COPIES }, (_, i) => ({ name: `gateway-${i + 1}`, address: `127.0.0.1:${PORT + 1 + i}` })),
      errorFile,
      stats: `127.0.0.1:${PORT + 9}`,
    }),
  );
  const lb = supervise(
    { name: 'haproxy', command: 'haproxy', args: ['-db', '-f', config], options: { cwd: ROOT } },
    { log: (name, text) => process.stderr.write(`${name}: ${text}\n`) },
  );
  const stop = () => Promise.all([app.stop(), lb.stop()]);
  try {
    await waitForHealth(url, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, statsUrl, env, processes: app.processes, haproxy: lb, stop };
}

/** Each gateway as HAProxy sees it: UP, DOWN or in a transition ("UP 1/2"). */
export async function gatewayStates() {
  const csv = await (await fetch(`${statsUrl};csv`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name) => columns.indexOf(name);
  return Object.fromEntries(
    rows
      .map((row) => row.split(','))
      .filter((cells) => cells[at('pxname')] === 'gateways' && cells[at('svname')].startsWith('gateway-'))
      .map((cells) => [cells[at('svname')], cells[at('status')]]),
  );
}

/** The NATS nodes: name, whether it answers, and which one leads JetStream's meta group. */
export async function natsNodes(monitorBase = Number(process.env.NATS_MONITOR_PORT ?? 29222)) {
  return Promise.all(
    Array.from({ length: 3 }, async (_, n) => {
      const base = `http://127.0.0.1:${monitorBase + n}`;
      try {
        const jsz = await (await fetch(`${base}/jsz`, { signal: AbortSignal.timeout(1000) })).json();
        return { node: `node-${n}`, up: true, metaLeader: jsz.meta_cluster?.leader, monitor: base };
      } catch {
        return { node: `node-${n}`, up: false, monitor: base };
      }
    }),
  );
}

async function status() {
  const servers = spawnSync('bash', ['infra/local-stack.sh', 'status'], {
    cwd: ROOT,
    env: { ...process.env, STACK_PROFILE: PROFILE },
    encoding: 'utf8',
  });
  process.stdout.write(servers.stdout);
  for (const node of await natsNodes()) console.log(`${node.node}: ${node.up ? `up (meta leader ${node.metaLeader})` : 'down'}`);
  try {
    for (const [name, state] of Object.entries(await gatewayStates())) console.log(`${name} (behind haproxy): ${state}`);
    const health = await (await fetch(`http://127.0.0.1:${PORT}/api/health`)).json();
    console.log(`http://127.0.0.1:${PORT}/api/health: ${health.status}`);
  } catch {
    console.log(`haproxy: down (the app is not running: npm run cluster)`);
    process.exitCode = 1;
  }
  if (servers.status !== 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2] ?? 'up';
  if (command === 'status') await status();
  else if (command === 'down') {
    spawnSync('bash', ['infra/local-stack.sh', 'down'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, STACK_PROFILE: PROFILE } });
  } else if (command === 'up') {
    const cluster = await startCluster();
    say(await seedDemoInventory(cluster.url).catch((error) => `demo data not seeded: ${error.message}`));
    say(`cluster ready → http://localhost:${PORT}  (HAProxy stats ${statsUrl}; Ctrl-C to stop)`);
    const shutdown = async () => {
      say('stopping the app processes and HAProxy');
      await cluster.stop();
      process.exit(0);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } else {
    console.error('usage: cluster.mjs [up|status|down]');
    process.exit(2);
  }
}
