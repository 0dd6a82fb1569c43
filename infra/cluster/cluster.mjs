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

export const PROFILE = 'cluster';
/** The load balancer's port, the one URL of the cluster; gateway n listens on PORT+n, HAProxy's stats page on PORT+9. */
export const PORT = Number(process.env.CLUSTER_PORT ?? 4000);
export const COPIES = 2;
export const STREAM_REPLICAS = 3;
const DATA_DIR = join(ROOT, '.data', PROFILE);
const statsUrl = `http://127.0.0.1:${PORT + 9}/`;

/**
 * HAProxy in front of the gateways. It asks each for /api/health/ready every 500 ms and takes it out
 * after two failures; a gateway told to stop answers "not ready" for SHUTDOWN_DRAIN_MS while it still
 * serves, so no new request reaches it by the time it closes. A request whose connection failed
 * before any answer is sent again to the other gateway (writes carry an Idempotency-Key).
 */
function haproxyConfig() {
  const gateways = Array.from({ length: COPIES }, (_, i) => `  server gateway-${i + 1} 127.0.0.1:${PORT + 1 + i} check`);
  return `global
  maxconn 4096

defaults
  mode http
  option httplog
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # Server-sent events (alerts, import progress) stay open.
  timeout tunnel 1h
  retries 3
  retry-on conn-failure empty-response
  option redispatch 1
  # With no gateway ready, clients get the API's own shape of refusal, not HAProxy's HTML page.
  errorfile 503 ${join(DATA_DIR, '503.http')}

frontend app
  bind 127.0.0.1:${PORT}
  option forwardfor
  default_backend gateways

backend gateways
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  # A loaded gateway may take a while to answer: only a refusal or 3 s of silence counts as a failure.
  timeout check 3s
  default-server inter 500ms fall 2 rise 2
${gateways.join('\n')}

frontend stats
  bind 127.0.0.1:${PORT + 9}
  stats enable
  stats uri /
  stats refresh 2s
`;
}

const NO_GATEWAY_BODY = JSON.stringify({ message: 'The service is unavailable for a moment. Try again in a few seconds.' });
const NO_GATEWAY_ANSWER = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  'Retry-After: 5',
  'Connection: close',
  `Content-Length: ${Buffer.byteLength(NO_GATEWAY_BODY)}`,
  '',
  NO_GATEWAY_BODY,
].join('\r\n');

/** Creates the events stream with 3 replicas (or raises an existing one's count) before the app starts. */
async function replicateEventsStream(natsUrl) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const { ensureEventsStream, natsConnectionOptions } = await import('@inventory/platform');
  const nc = await connect({ ...natsConnectionOptions(natsUrl), name: 'cluster-setup' });
  try {
    await ensureEventsStream(await jetstreamManager(nc), STREAM_REPLICAS);
  } finally {
    await nc.close();
  }
}

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
  await replicateEventsStream(serverEnv.NATS_URL);

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
    ...extraEnv,
  };
  say(`starting ${COPIES} of every service, worker and gateway`);
  const app = startApp(env, { copies: COPIES, quiet });

  mkdirSync(DATA_DIR, { recursive: true });
  const config = join(DATA_DIR, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig());
  writeFileSync(join(DATA_DIR, '503.http'), NO_GATEWAY_ANSWER);
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
export async function natsNodes(monitorBase = Number(process.env.NATS_MONITOR_PORT ?? 38222)) {
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
