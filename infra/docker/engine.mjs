// The Docker engine and client for the offline base build and the compose test.
// - ensureEngine(): uses a running engine, or (as root) starts `dockerd --iptables=false
//   --bridge=none` (no NAT on this machine kind; STACK.md section 8) and returns a stop function.
// - dockerEnv(): the environment for `docker` / `docker-compose` children: BuildKit on (the
//   Dockerfiles use RUN --mount=type=cache), and a client that can build with it (a newer
//   client without the buildx plugin cannot; Debian's docker.io client has BuildKit built in).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const logDir = join(root, 'artifacts', 'docker');

function works(cmd, args, env = process.env) {
  return spawnSync(cmd, args, { env, stdio: 'ignore', timeout: 20_000 }).status === 0;
}

let cachedEnv;
export function dockerEnv() {
  if (cachedEnv) return cachedEnv;
  const env = { ...process.env, DOCKER_BUILDKIT: '1', COMPOSE_DOCKER_CLI_BUILD: '1', BUILDKIT_PROGRESS: 'plain' };
  if (!works('docker', ['buildx', 'version']) && existsSync('/usr/bin/docker')) {
    env.PATH = `/usr/bin:${env.PATH}`;
  }
  cachedEnv = env;
  return env;
}

/** `docker compose` (v2 plugin) when there is one, else `docker-compose` (v1). */
export function composeCommand() {
  const env = dockerEnv();
  if (works('docker', ['compose', 'version'], env)) return ['docker', 'compose'];
  return ['docker-compose'];
}

export function engineUp() {
  return works('docker', ['info'], dockerEnv());
}

export async function ensureEngine({ log = console.log } = {}) {
  if (engineUp()) return { started: false, stop: async () => {} };
  if (process.getuid?.() !== 0) throw new Error('No Docker engine answers, and only root can start one here.');
  if (!existsSync('/usr/sbin/dockerd') && !existsSync('/usr/bin/dockerd')) {
    throw new Error('dockerd is not installed: apt-get install -y docker.io docker-compose debootstrap');
  }
  mkdirSync(logDir, { recursive: true });
  const out = openSync(join(logDir, 'dockerd.log'), 'a');
  const child = spawn('dockerd', ['--iptables=false', '--bridge=none'], { detached: true, stdio: ['ignore', out, out] });
  child.unref();
  const started = Date.now();
  while (!engineUp()) {
    if (child.exitCode !== null) throw new Error(`dockerd exited (${child.exitCode}); see ${join(logDir, 'dockerd.log')}`);
    if (Date.now() - started > 60_000) throw new Error('dockerd did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  log(`docker engine started (pid ${child.pid}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    started: true,
    pid: child.pid,
    async stop() {
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const t = Date.now();
      while (Date.now() - t < 30_000) {
        try {
          process.kill(child.pid, 0);
        } catch {
          break;
        }
        await new Promise((r) => setTimeout(r, 300));
      }
      log('docker engine stopped');
    },
  };
}

export function docker(args, opts = {}) {
  return execFileSync('docker', args, { env: dockerEnv(), encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
}

export function imageExists(ref) {
  return works('docker', ['image', 'inspect', ref], dockerEnv());
}

export function debianMirror() {
  try {
    const text = readFileSync('/etc/apt/sources.list.d/debian.sources', 'utf8');
    const m = text.match(/^URIs:\s*(\S+)/m);
    if (m) return m[1];
  } catch {
    // No deb822 sources file: the default mirror.
  }
  return 'http://deb.debian.org/debian';
}
