// What the session lookup on every API call costs. Starts nothing: point it at a running gateway
// (with at least the identity service behind it).
//
//   node gateway/bench/session-lookup.bench.mjs http://127.0.0.1:3000 [seconds per route]
//
// Signs up a fresh user, then loads three routes in turn with 32 connections:
//   GET /api/config     session-free: no cookie parsing, no session read
//   GET /api/auth/csrf  with the session cookie: the session read alone (from the gateway's session
//                       cache; one primary-key SELECT every 10 s)
//   GET /api/auth/user  with the session cookie: session read + NATS call to identity + its DB read
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';

const baseUrl = process.argv[2]?.replace(/\/+$/, '');
const seconds = Number(process.argv[3] ?? 10);
if (!baseUrl) {
  console.error('usage: node gateway/bench/session-lookup.bench.mjs <gateway URL> [seconds per route]');
  process.exit(2);
}
const CONNECTIONS = 32;

/** Cookie header from Set-Cookie lines, merged into what we have. */
function remember(jar, res) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function signUp() {
  const jar = new Map();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { token } = await csrf.json();
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: remember(jar, csrf) },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: `bench-${randomUUID()}@example.test`, password: 'bench-password' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return remember(jar, res);
}

async function load(path, headers = {}) {
  const options = { url: `${baseUrl}${path}`, connections: CONNECTIONS, headers };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, connection pools
  const result = await autocannon({ ...options, duration: seconds });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${path}: ${failures} of ${result.requests.total} requests failed`);
  return { route: `GET ${path}`, 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99 };
}

const cookie = await signUp();
const rows = [
  { ...(await load('/api/config')), session: 'none (session-free)' },
  { ...(await load('/api/auth/csrf', { cookie })), session: 'lookup only (cached)' },
  { ...(await load('/api/auth/user', { cookie })), session: 'lookup + identity call' },
];
console.log(`\n${baseUrl}, ${CONNECTIONS} connections, ${seconds} s per route (after a 2 s warm-up)`);
console.table(rows);
