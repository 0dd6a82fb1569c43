// Shared steps of `npm start` and `npm test`: install, servers, build, run the app processes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { natsUrlFor, TOOLS_USER } from '../nats/auth.mjs';
import { supervise } from './supervisor.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVICES = ['identity', 'inventory', 'catalog', 'locations', 'reporting'];
const WORKSPACES = ['services/shared/contracts', 'services/shared/platform', ...SERVICES.map((s) => `services/${s}`), 'gateway', 'web'];

const colors = [36, 35, 33, 32, 34, 31, 96, 95, 93];
export const say = (msg) => console.log(`\x1b[1m▶ ${msg}\x1b[0m`);

/** Runs a command in the foreground; throws when it fails. */
export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** npm install only when the lock or a package.json changed since the last install. */
export function ensureDependencies() {
  const stampFile = join(ROOT, 'node_modules', '.install-stamp');
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json', ...WORKSPACES.map((w) => `${w}/package.json`)]) {
    if (existsSync(join(ROOT, file))) hash.update(readFileSync(join(ROOT, file)));
  }
  const digest = hash.digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) return;
  say('installing npm dependencies (npm install; npm ci fails on this registry)');
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stampFile, digest);
}

/**
 * Starts (or reuses) PostgreSQL, Redis, NATS and the S3 store; returns the env to reach them. Its
 * NATS_URL carries the tools user (tests, seed, scripts); startApp gives each process its own.
 */
export function stackUp(profile) {
  const env = { ...process.env, STACK_PROFILE: profile };
  run('bash', ['infra/local-stack.sh', 'up'], { env });
  const out = spawnSync('bash', ['infra/local-stack.sh', 'env'], { cwd: ROOT, env, encoding: 'utf8' }).stdout;
  const stack = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  return { ...stack, NATS_URL: natsUrlFor(stack.NATS_URL, TOOLS_USER, natsCredentials(stack)) };
}

const natsCredentials = (env) => JSON.parse(readFileSync(env.NATS_CREDENTIALS_FILE, 'utf8'));

/** Runs an Nx target of every project; Nx skips the ones whose inputs did not change. */
function runAll(target) {
  // Resolve the CLI from the package's own `bin` entry: its path moves between Nx versions.
  const nxPackage = join(ROOT, 'node_modules', 'nx', 'package.json');
  const nxCli = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
  run(process.execPath, [nxCli, 'run-many', '-t', target, '--output-style=stream-without-prefixes'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

export const buildAll = () => runAll('build');
export const typecheckAll = () => runAll('typecheck');

/**
 * Node options of a process beyond the defaults (docker-compose.yml says the same):
 * - The inventory worker reads whole import files: its heap is capped so that V8 collects instead of
 *   growing past the 500 MB a 100,000-row import may use, with room for the largest file allowed
 *   (docs/import-export.md, "Memory").
 * - The gateway's live objects are few, but the garbage of the answers it passes on (report pages,
 *   export slices) grew its heap to 320 MB under load, kept at rest: V8 collects lazily while it
 *   may grow. Capped at 192 MB it stays there, as fast (docs/operations.md, "Memory"). Uploads are
 *   Buffers, outside this heap. Its major collections start at 85% of V8's limit, not as soon as
 *   the room left is below the young generation's size: then it marked all the time under load
 *   (docs/operations.md, "Memory").
 * - The inventory and reporting services, for the same reason: their garbage (pages, events applied)
 *   grew them to 400 and 292 MB during a 100,000-row import; capped at 256 MB, 208 and 176.
 */
export const NODE_ARGS = {
  'inventory-worker': ['--max-old-space-size=384'],
  inventory: ['--max-old-space-size=256'],
  reporting: ['--max-old-space-size=256'],
  gateway: ['--max-old-space-size=192', '--incremental-marking-soft-trigger=85', '--incremental-marking-hard-trigger=95'],
};

/**
 * Every process of the app: the services, their workers and the gateway; `copies` of each (named
 * `inventory-1`, `inventory-2`, … when more than one; the cluster runs two, docs/operations.md).
 */
export function appProcesses({ copies = 1 } = {}) {
  const list = [];
  const add = (name, script, natsUser) => {
    for (let copy = 1; copy <= copies; copy++) {
      list.push({ name: copies === 1 ? name : `${name}-${copy}`, script, natsUser, copy, nodeArgs: NODE_ARGS[name] ?? [] });
    }
  };
  for (const s of SERVICES) {
    add(s, `services/${s}/dist/main.js`, s);
    const worker = `services/${s}/dist/main.worker.js`;
    if (existsSync(join(ROOT, worker))) add(`${s}-worker`, worker, s);
  }
  add('gateway', 'gateway/dist/main.js', 'gateway');
  return list;
}

/**
 * Starts the app processes under the supervisor (a crashed one is restarted with backoff), their
 * output prefixed with their names; `stop()` ends them with SIGTERM (then SIGKILL). With `copies`,
 * gateway copy n listens on PORT+n-1.
 */
export function startApp(env, { quiet = false, copies = 1 } = {}) {
  const prefixes = new Map();
  const rest = new Map();
  const onOutput = (name, stream, chunk) => {
    const key = `${name}:${stream}`;
    const lines = ((rest.get(key) ?? '') + chunk).split('\n');
    rest.set(key, lines.pop());
    if (quiet) return;
    const out = stream === 'stdout' ? process.stdout : process.stderr;
    for (const line of lines) out.write(prefixes.get(name) + line + '\n');
  };
  // Crashes and restarts are reported even when the processes' own output is not.
  const log = (name, text) => process.stderr.write(`${prefixes.get(name)}${text}\n`);
  const credentials = natsCredentials(env);
  const processes = appProcesses({ copies }).map(({ name, script, natsUser, copy, nodeArgs }, i) => {
    prefixes.set(name, `\x1b[${colors[i % colors.length]}m${name.padEnd(19)}\x1b[0m│ `);
    // Each process on the bus as itself, with only its own subjects (infra/nats/auth.mjs), and
    // with its own metrics port, METRICS_PORT_BASE + its place in the list (docs/operations.md).
    const own = {
      ...env,
      NATS_URL: natsUrlFor(env.NATS_URL, natsUser, credentials),
      METRICS_PORT: String(Number(env.METRICS_PORT_BASE ?? 9400) + i),
      ...(natsUser === 'gateway' && env.PORT ? { PORT: String(Number(env.PORT) + copy - 1) } : {}),
    };
    return supervise(
      { name, command: process.execPath, args: ['--enable-source-maps', ...nodeArgs, script], options: { cwd: ROOT, env: own } },
      { onOutput, log },
    );
  });
  return { processes, stop: () => Promise.all(processes.map((p) => p.stop())) };
}

/** Polls GET /api/health until every part is up. */
export async function waitForHealth(baseUrl, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      const body = await res.json();
      if (res.ok && body.status === 'up') return body;
      last = JSON.stringify(body);
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy within ${timeoutMs / 1000}s: ${last}`);
}

/** The first port from `start` that nothing listens on (a developer may run other apps nearby). */
export async function freePort(start) {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise((resolve) => {
      const server = createServer().once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${start}..${start + 99}`);
}
