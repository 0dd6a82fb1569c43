#!/usr/bin/env node
// npm run test:docker — the compose file for real: build, start, smoke, scale, kill, tear down.
//   1. a Docker engine (started as root if none answers; stopped again at the end if started here)
//   2. offline mode (default; --online for the official images): the local base images
//      (`npm run docker:base` if one is missing)
//   3. build the part images, print their sizes (each must stay under 250 MB)
//   4. up -d, wait for GET /api/health = up through the published port (GATEWAY_PORT, 3300)
//   5. API smoke: sign up, create an item, record movements, the dashboard follows, upload an image
//   6. --scale inventory=3: reads spread over the three (NATS connection counters per container)
//   7. kill -9 one inventory container under a small write load: every acknowledged movement is
//      there, none twice (clients retry failures with their Idempotency-Key, as the web app does)
//   8. down -v
// --cluster: docker-compose.cluster.yml instead (docs/operations.md, "The cluster"): after the smoke,
// the events stream must be on all 3 NATS nodes and two of every part running, then kill -9 of a
// gateway and of an inventory instance under the write load, through HAProxy; no --scale step.
// A throw-away project (-p inventory-docker-test) with generated secrets: a developer's own
// compose project and .env are not touched. --keep leaves the stack running for a look.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeCommand, docker, dockerEnv, ensureEngine, imageExists, logDir } from './engine.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const online = process.argv.includes('--online') || process.env.DOCKER_TEST_ONLINE === '1';
const keep = process.argv.includes('--keep');
const cluster = process.argv.includes('--cluster');
const project = process.env.DOCKER_TEST_PROJECT || (cluster ? 'inventory-docker-cluster-test' : 'inventory-docker-test');
const port = process.env.GATEWAY_PORT || '3300';
const base = `http://127.0.0.1:${port}`;
const composeFiles = cluster
  ? ['docker-compose.cluster.yml', 'docker-compose.cluster.offline.yml']
  : ['docker-compose.yml', 'docker-compose.offline.yml'];
const files = ['-f', composeFiles[0], ...(online ? [] : ['-f', composeFiles[1]])];
const PARTS = ['identity', 'inventory', 'catalog', 'locations', 'reporting', 'gateway'];
const MAX_IMAGE_MB = 250;

const hex = (n) => randomBytes(n).toString('hex');
const env = {
  ...dockerEnv(),
  GATEWAY_PORT: port,
  PUBLIC_URL: base,
  SESSION_SECRET: hex(32),
  SUPER_ADMIN_PASSWORD: `Adm-${hex(12)}`,
  POSTGRES_PASSWORD: hex(16),
  ...Object.fromEntries(
    ['GATEWAY', 'IDENTITY', 'INVENTORY', 'CATALOG', 'LOCATIONS', 'REPORTING'].map((u) => [`NATS_${u}_PASSWORD`, hex(24)]),
  ),
};

mkdirSync(logDir, { recursive: true });
// A fetch whose connection the published port accepted but nobody answers yet holds no handle that
// keeps Node running: without this timer the process would end mid-wait (exit code 13).
const keepAlive = setInterval(() => {}, 1000);
const t0 = Date.now();
const secs = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const results = [];
async function step(name, fn) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const detail = await fn();
  const line = `✔ ${name}: ${secs(t)}${detail ? ` — ${detail}` : ''}`;
  results.push(line);
  console.log(line);
  return detail;
}

const [composeBin, ...composePre] = composeCommand();
/** A compose command; output to the console (or to a log file), throws on failure. */
function compose(args, { log, quiet } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(composeBin, [...composePre, '-p', project, ...files, ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const sink = log ? createWriteStream(join(logDir, log), { flags: 'a' }) : null;
    let out = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        out += chunk;
        if (sink) sink.write(chunk);
        else if (!quiet) process.stdout.write(chunk);
      });
    }
    child.on('close', (code) => {
      sink?.end();
      if (code === 0) resolve(out);
      else reject(new Error(`compose ${args.join(' ')} failed (${code})${log ? `; see ${join(logDir, log)}` : ''}\n${out.slice(-3000)}`));
    });
  });
}
const composeSync = (args) =>
  spawnSync(composeBin, [...composePre, '-p', project, ...files, ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 << 20 });
const containers = (service) => composeSync(['ps', '-q', service]).stdout.split('\n').filter(Boolean);
const inspect = (id) => JSON.parse(docker(['inspect', id]))[0];

// ---- a small browser-like API client: cookies, CSRF token on writes ----------------------------
class Client {
  cookies = new Map();
  csrf = undefined;
  async fetch(path, init = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    return res;
  }
  async send(method, path, body, headers = {}) {
    this.csrf ??= (await (await this.fetch('/api/auth/csrf')).json()).token;
    const isForm = body instanceof FormData;
    const res = await this.fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        'x-csrf-token': this.csrf,
        ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    if (/^\/api\/auth\/(login|register)$/.test(path)) this.csrf = undefined;
    return res;
  }
  async json(method, path, body, expected, headers) {
    const res = method === 'GET' ? await this.fetch(path) : await this.send(method, path, body, headers);
    const text = await res.text();
    if (expected && res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

async function eventually(what, check, timeoutMs = 30_000) {
  const started = Date.now();
  let last;
  while (Date.now() - started < timeoutMs) {
    try {
      last = await check();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    await sleep(300);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

async function health() {
  const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
  return { status: res.status, body: await res.json() };
}

async function dumpState() {
  console.log(composeSync(['ps']).stdout);
  console.log(composeSync(['logs', '--no-color', '--tail', '40']).stdout.slice(-20_000));
}

// ---- steps ---------------------------------------------------------------------------------------
let engine;
let up = false;
let tooBig = [];
let failed = false;
try {
  await step('docker engine', async () => {
    engine = await ensureEngine();
    return engine.started ? 'started for this test' : 'already running';
  });

  if (!online) {
    await step('offline base images', async () => {
      const { BASE_IMAGES } = await import('./offline/images.mjs');
      const missing = Object.values(BASE_IMAGES).filter((ref) => !imageExists(ref));
      if (missing.length === 0) return 'all present (npm run docker:base)';
      const r = spawnSync(process.execPath, [join(root, 'infra/docker/offline/build.mjs'), '--keep-engine'], { stdio: 'inherit', env });
      if (r.status !== 0) throw new Error('npm run docker:base failed');
      return `built ${missing.join(', ')}`;
    });
  }

  await step('build the part images', async () => {
    await compose(['build'], { log: 'compose-build.log' });
    const sizes = PARTS.map((part) => {
      const bytes = Number(docker(['image', 'inspect', '-f', '{{.Size}}', `inventory-suite/${part}:latest`]).trim());
      return [part, Math.round(bytes / 1e6)];
    });
    // Checked here, failed at the end: the run still shows whether the product works.
    tooBig = sizes.filter(([, mb]) => mb >= MAX_IMAGE_MB);
    return sizes.map(([p, mb]) => `${p} ${mb} MB`).join(', ');
  });

  await step('up -d, start to healthy (/api/health up)', async () => {
    up = true;
    await compose(['up', '-d'], { log: 'compose-up.log' });
    const t = Date.now();
    await eventually('GET /api/health answers status up', async () => (await health()).body.status === 'up', 300_000).catch(async (e) => {
      await dumpState();
      throw e;
    });
    return `healthy ${secs(t)} after up -d returned`;
  });

  let owner;
  await step('API smoke: sign-up, item, movements, dashboard, image', async () => {
    const page = await fetch(`${base}/`);
    if (page.status !== 200 || !/text\/html/.test(page.headers.get('content-type') ?? '')) throw new Error(`GET / answered ${page.status}`);
    owner = new Client();
    const email = `docker-${randomUUID().slice(0, 8)}@example.test`;
    await owner.json('POST', '/api/auth/register', { firstName: 'Docker', lastName: 'Test', email, password: 'secret-123' }, 201);
    const item = (
      await owner.json('POST', '/api/inventory', { name: 'Docker drill', sku: 'DOCK-1', unitPrice: '2.50', currentStock: 10 }, 201)
    ).body;
    await owner.json('POST', `/api/inventory/${item.id}/stock`, { quantity: 5, movementType: 'in', reason: 'Delivery' }, 201);
    await owner.json('POST', `/api/inventory/${item.id}/stock`, { quantity: 3, movementType: 'out', reason: 'Sold' }, 201);
    const after = (await owner.json('GET', `/api/inventory/${item.id}`, undefined, 200)).body;
    if (after.currentStock !== 12) throw new Error(`stock ${after.currentStock}, expected 12`);
    const stats = await eventually('the dashboard shows 1 item worth 30.00', async () => {
      const { body } = await owner.json('GET', '/api/dashboard/stats', undefined, 200);
      return body.totalItems === 1 && Number(body.totalValue) === 30 && body;
    });
    const recent = (await owner.json('GET', '/api/dashboard/recent-movements', undefined, 200)).body;
    if (recent.length < 2) throw new Error(`recent movements: ${JSON.stringify(recent)}`);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'dot.png');
    const { url } = (await owner.json('POST', '/api/upload/image', form, 201)).body;
    const served = await owner.fetch(url);
    const bytes = Buffer.from(await served.arrayBuffer());
    if (served.status !== 200 || !bytes.equals(png)) throw new Error(`GET ${url}: ${served.status}, ${bytes.length} bytes`);
    await owner.json('PATCH', `/api/inventory/${item.id}`, { imageUrl: url }, 200);
    return `stock 10+5-3=12, dashboard ${JSON.stringify(stats)}, ${recent.length} recent movements, image ${url} stored in S3 and served back`;
  });

  /** Messages each inventory container published (its replies), from the NATS monitor. */
  const natsOut = () => {
    const connz = JSON.parse(composeSync(['exec', '-T', 'nats', 'wget', '-qO-', 'http://127.0.0.1:8222/connz?limit=4096']).stdout);
    const byIp = new Map();
    for (const c of connz.connections) byIp.set(c.ip, (byIp.get(c.ip) ?? 0) + c.in_msgs);
    return byIp;
  };
  const ipOf = (id) => Object.values(inspect(id).NetworkSettings.Networks)[0].IPAddress;
  const nameOf = (id) => inspect(id).Name.replace(/^\//, '');
  const healthOf = (id) => inspect(id).State.Health?.Status;

  if (cluster) {
    await step('cluster: the events stream on the 3 NATS nodes, two of every part running', async () => {
      // Each node's /jsz lists the streams it holds a replica of: the events stream must be on all three.
      const streamOn = (node) =>
        JSON.parse(composeSync(['exec', '-T', node, 'wget', '-qO-', 'http://127.0.0.1:8222/jsz?streams=true&config=true']).stdout)
          .account_details?.flatMap((a) => a.stream_detail ?? [])
          .find((s) => s.name === 'EVENTS');
      const nodes = ['nats-1', 'nats-2', 'nats-3'];
      const streams = nodes.map(streamOn);
      const without = nodes.filter((node, i) => streams[i]?.config?.num_replicas !== 3);
      if (without.length) throw new Error(`no 3-replica events stream on ${without.join(', ')}`);
      const parts = ['identity', 'identity-worker', 'inventory', 'inventory-worker', 'catalog', 'locations', 'reporting', 'gateway'];
      const missing = parts.flatMap((part) => [1, 2].map((n) => `${part}-${n}`)).filter((name) => containers(name).length !== 1);
      if (missing.length) throw new Error(`not running: ${missing.join(', ')}`);
      return `EVENTS on ${nodes.join(', ')} (leader ${streams[0].cluster?.leader}); ${parts.length * 2} app containers`;
    });
  }
  if (!cluster)
    await step('scale: --scale inventory=3, every instance serves', async () => {
      const t = Date.now();
      await compose(['up', '-d', '--no-recreate', '--scale', 'inventory=3'], { log: 'compose-up.log' });
      const ids = await eventually(
        'three healthy inventory containers',
        () => {
          const ids = containers('inventory');
          return ids.length === 3 && ids.every((id) => healthOf(id) === 'healthy') && ids;
        },
        120_000,
      );
      const ready = secs(t);
      const item = (await owner.json('POST', '/api/inventory', { name: 'Scaled item', unitPrice: '1.00', currentStock: 1000 }, 201)).body;
      const before = natsOut();
      const requests = 300;
      let next = 0;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next++ < requests) await owner.json('GET', `/api/inventory/${item.id}`, undefined, 200);
        }),
      );
      const after = natsOut();
      const served = ids.map((id) => [nameOf(id), (after.get(ipOf(id)) ?? 0) - (before.get(ipOf(id)) ?? 0)]);
      const idle = served.filter(([, n]) => n <= 0);
      if (idle.length) throw new Error(`instances that answered nothing: ${idle.map(([n]) => n).join(', ')}`);
      return `3 healthy ${ready} after the scale; ${requests} reads → messages published per instance: ${served.map(([n, c]) => `${n} ${c}`).join(', ')}`;
    });

  /** kill -9 of the first container of `service` under a write load; every acknowledged movement is kept once. */
  const killUnderLoad = async (service) => {
    // An item of its own: the movements found are this drill's alone.
    const item = (await owner.json('POST', '/api/inventory', { name: `Kill ${service}`, unitPrice: '1.00', currentStock: 1000 }, 201)).body;
    const writers = 4;
    const runMs = 15_000;
    const killAtMs = 4_000;
    const acked = new Map(); // idempotency key -> movement id
    let firstTryFailures = 0;
    let retries = 0;
    const failures = new Map();
    let stop = false;
    const started = Date.now();
    const writer = async (w) => {
      const c = new Client();
      c.cookies = new Map(owner.cookies);
      for (let i = 0; !stop; i++) {
        const key = `kill-${w}-${i}-${randomUUID()}`;
        for (let attempt = 0; ; attempt++) {
          if (attempt > 0) retries++;
          let status;
          try {
            const res = await c.send(
              'POST',
              `/api/inventory/${item.id}/stock`,
              { quantity: 1, movementType: 'in', reason: `writer ${w}` },
              { 'idempotency-key': key },
            );
            status = res.status;
            const body = await res.text();
            if (status === 201) {
              acked.set(key, JSON.parse(body).movement.id);
              break;
            }
          } catch (error) {
            status = error.cause?.code ?? error.name; // e.g. ECONNRESET when the gateway drops the socket
          }
          if (attempt === 0) firstTryFailures++;
          failures.set(status, (failures.get(status) ?? 0) + 1);
          if (attempt >= 20) throw new Error(`movement ${key} never acknowledged (last ${status})`);
          await sleep(250);
        }
      }
    };
    const victim = containers(service)[0];
    const victimName = nameOf(victim);
    const load = Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    await sleep(killAtMs);
    const pid = inspect(victim).State.Pid;
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL'); // the container's PID 1 from the host: a crash, not `docker stop`
    await sleep(runMs - killAtMs);
    stop = true;
    await load;
    const loadSecs = secs(started);
    const back = await eventually(`${victimName} restarted and healthy`, () => healthOf(victim) === 'healthy' && Date.now(), 120_000);
    const restarts = inspect(victim).RestartCount;

    const found = [];
    for (let before; ;) {
      const page = (
        await owner.json('GET', `/api/inventory/${item.id}/movements?limit=500${before ? `&before=${before}` : ''}`, undefined, 200)
      ).body;
      found.push(...page);
      if (page.length < 500) break;
      before = page.at(-1).id;
    }
    const foundIds = new Set(found.map((m) => m.id));
    const lost = [...acked.values()].filter((id) => !foundIds.has(id));
    const extra = found.length - 1 - acked.size; // the item's opening stock is one movement
    const stock = (await owner.json('GET', `/api/inventory/${item.id}`, undefined, 200)).body.currentStock;
    if (lost.length) throw new Error(`${lost.length} acknowledged movements lost: ${lost.slice(0, 5).join(', ')}`);
    if (extra !== 0) throw new Error(`${extra} movements recorded that no client saw acknowledged (duplicates?)`);
    if (stock !== 1000 + acked.size) throw new Error(`stock ${stock}, expected ${1000 + acked.size}`);
    const failureText = [...failures].map(([s, n]) => `${n}× ${s}`).join(', ') || 'none';
    return (
      `${acked.size} movements acknowledged by ${writers} writers in ${loadSecs}, killed ${victimName} (pid ${pid}) at ${killAtMs / 1000} s; ` +
      `0 lost, 0 duplicated, stock ${stock} = 1000 + ${acked.size}; failed attempts ${failureText} (${firstTryFailures} movements retried, ${retries} retries); ` +
      `back healthy ${((back - killedAt) / 1000).toFixed(1)} s after the kill (restart count ${restarts})`
    );
  };
  for (const service of cluster ? ['gateway-1', 'inventory-1'] : ['inventory']) {
    await step(`kill -9 one ${service} container under write load: no acknowledged movement lost`, () => killUnderLoad(service));
  }
} catch (error) {
  failed = true;
  console.error(`\n✘ ${error.stack ?? error}`);
} finally {
  if (up && !keep) {
    await step('down -v', () =>
      compose(['down', '-v', '--remove-orphans'], { log: 'compose-down.log' }).then(() => 'containers, network and volumes removed'),
    ).catch((e) => {
      failed = true;
      console.error(e.message);
    });
  }
  if (engine && !keep) await engine.stop();
  if (tooBig.length) {
    failed = true;
    console.error(`✘ images of ${MAX_IMAGE_MB} MB or more: ${tooBig.map(([p, mb]) => `${p} ${mb} MB`).join(', ')}`);
  }
  console.log(`\n${results.join('\n')}\n${failed ? '✘ FAILED' : '✔ passed'} in ${secs(t0)} (logs in ${logDir})`);
  clearInterval(keepAlive);
  process.exit(failed ? 1 : 0);
}
