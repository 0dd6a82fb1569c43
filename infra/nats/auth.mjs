// Who may do what on NATS (docs/security.md, "The bus"): each process connects as its own user and
// may only answer its own subjects, publish its own events and read its own replies; only the
// gateway sends requests (actor envelopes) to the services. The one place these rules are written:
// the local stack's nats.conf and compose's infra/docker/nats.conf are both generated from here.
//
//   node infra/nats/auth.mjs local <data-dir> <port> <monitor-port> [<node> <nodes> <route-port>]
//        writes nats.conf, or node-<n>.conf of a cluster (+ credentials.json, kept)
//   node infra/nats/auth.mjs compose                                  # prints compose's nats.conf
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVICES = ['identity', 'inventory', 'catalog', 'locations', 'reporting'];
/** Tests, benchmarks and operator scripts on this machine: every subject. Not in compose. */
export const TOOLS_USER = 'tools';

/** JetStream API a service needs (streams, consumers, acks), without deleting or purging the stream. */
const JETSTREAM = { allow: ['$JS.API.>', '$JS.ACK.EVENTS.>'], deny: ['$JS.API.STREAM.DELETE.>', '$JS.API.STREAM.PURGE.>'] };

/**
 * A service's JetStream user (its outbox relay and event consumers): `<service>-events`, signing in
 * with the service's own password. It has no allow_responses: for a user with it, NATS records the
 * reply subject of every message delivered, and each JetStream delivery carries one (its ack
 * subject) that an ack through the $JS.ACK permission never clears, so the record grew with every
 * event and each delivery walked it: consumers fell from ~80,000 to a few hundred events/s
 * (docs/security.md, "The bus"). The platform's eventsNatsUrl picks this user; a spec checks both agree.
 */
export const eventsUser = (service) => `${service}-events`;

/**
 * The largest message, in bytes (NATS's default is 1 MB). A service answers a request with one
 * message only (allow_responses: true), so a long list must fit in one: the platform's
 * RPC_CHUNK_BYTES stays well below this. With the default, the unpaged GET /api/reports/inventory of
 * 10,000 rows (2.2 MB, two chunks) had its second chunk refused ("Publish Violation") and answered
 * 504. Allowing a service several messages per request instead (allow_responses with a count and a
 * time) cost nats-server about 0.3 ms of CPU per request in every scenario of the inventory bench
 * (7 December 2026): it keeps every request's permission until the time runs out.
 */
export const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

/** Users and their subject permissions; `credential` names the password a user signs in with. */
export function principals() {
  const services = SERVICES.flatMap((service) => [
    {
      user: service,
      credential: service,
      permissions: {
        // Answers go to the reply subject of a request it received, and nowhere else; the inventory's
        // workers also announce alerts and import progress to the gateways.
        publish: service === 'inventory' ? { allow: ['inventory.alerts.changed', 'inventory.imports.progress'] } : { deny: ['>'] },
        subscribe: { allow: [`${service}.>`, `_INBOX_${service}.>`] },
        allow_responses: true,
      },
    },
    {
      user: eventsUser(service),
      credential: service,
      permissions: {
        publish: { allow: [`events.${service}.>`, ...JETSTREAM.allow], deny: JETSTREAM.deny },
        subscribe: { allow: [`_INBOX_${eventsUser(service)}.>`] },
      },
    },
  ]);
  const gateway = {
    user: 'gateway',
    credential: 'gateway',
    permissions: {
      // $JS.API.INFO: GET /api/health reads JetStream's account info.
      publish: { allow: [...SERVICES.map((service) => `${service}.>`), 'gateway.>', '$JS.API.INFO'] },
      subscribe: { allow: ['_INBOX_gateway.>', 'gateway.>', 'inventory.alerts.changed', 'inventory.imports.progress'] },
    },
  };
  return [gateway, ...services];
}

const quote = (value) => JSON.stringify(value);

const AUTH_TIMEOUT_SECONDS = 10;

/** The authorization block; `password(credential)` gives each user's password (text or a $VARIABLE). */
function authorization(users, password) {
  const lines = users.map(({ user, credential = user, permissions }) => {
    const perms = permissions ? `, permissions: ${JSON.stringify(permissions)}` : '';
    return `    { user: ${quote(user)}, password: ${password(credential)}${perms} }`;
  });
  // A client has this many seconds to authenticate (NATS's default is 2): a process busy loading
  // its modules, as a test runner starting the whole back end is, can take longer than that.
  return `authorization {\n  timeout: ${AUTH_TIMEOUT_SECONDS}\n  users: [\n${lines.join('\n')}\n  ]\n}\n`;
}

/** Random passwords, made once per data folder and kept (restarts keep working). */
export function localCredentials(dataDir) {
  const file = join(dataDir, 'nats', 'credentials.json');
  const existing = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const user of new Set([TOOLS_USER, ...principals().map((p) => p.credential)])) {
    if (existing[user]) continue;
    existing[user] = randomBytes(24).toString('base64url');
    changed = true;
  }
  if (changed) {
    mkdirSync(join(dataDir, 'nats'), { recursive: true });
    writeFileSync(file, JSON.stringify(existing, null, 2), { mode: 0o600 });
  }
  return { file, credentials: existing };
}

/** NATS_URL for `user`: the server URL with the user's credentials in it (platform's natsEndpoint takes them out). */
export function natsUrlFor(natsUrl, user, credentials) {
  return natsUrl
    .split(',')
    .map((server) => {
      const url = new URL(server);
      url.username = user;
      url.password = credentials[user];
      return url.toString().replace(/\/$/, '');
    })
    .join(',');
}

/**
 * One server, or node `node` of a cluster of `nodes` on this machine: node n listens on port+n,
 * monitorPort+n and routePort+n and routes to the others (docs/operations.md, "The cluster").
 */
function localConfig(dataDir, port, monitorPort, node = 0, nodes = 1, routePort = 0) {
  const { credentials } = localCredentials(dataDir);
  const users = [{ user: TOOLS_USER }, ...principals()];
  const single = nodes === 1;
  const storeDir = single ? join(dataDir, 'nats') : join(dataDir, 'nats', `node-${node}`);
  const routes = Array.from({ length: nodes }, (_, n) => n)
    .filter((n) => n !== node)
    .map((n) => quote(`nats-route://127.0.0.1:${routePort + n}`));
  return [
    ...(single ? [] : [`server_name: "node-${node}"`]),
    `listen: "127.0.0.1:${port + node}"`,
    `http: "127.0.0.1:${monitorPort + node}"`,
    `jetstream { store_dir: ${quote(storeDir)} }`,
    `max_payload: ${MAX_PAYLOAD_BYTES}`,
    ...(single ? [] : [`cluster { name: "inventory", listen: "127.0.0.1:${routePort + node}", routes: [${routes.join(', ')}] }`]),
    authorization(users, (user) => quote(credentials[user])),
  ].join('\n');
}

/** Compose: passwords come from the environment (.env), e.g. NATS_GATEWAY_PASSWORD. */
export function composeConfig() {
  return [
    '# Generated by `node infra/nats/auth.mjs compose` (the rules live in infra/nats/auth.mjs). Do not edit.',
    'listen: "0.0.0.0:4222"',
    'http: "0.0.0.0:8222"',
    'jetstream { store_dir: "/data" }',
    `max_payload: ${MAX_PAYLOAD_BYTES}`,
    authorization(principals(), (user) => `$NATS_${user.toUpperCase()}_PASSWORD`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, dataDir, ...ports] = process.argv.slice(2);
  if (mode === 'local') {
    const [port, monitorPort, node = 0, nodes = 1, routePort = 0] = ports.map(Number);
    const conf = join(dataDir, 'nats', nodes === 1 ? 'nats.conf' : `node-${node}.conf`);
    mkdirSync(join(dataDir, 'nats'), { recursive: true });
    writeFileSync(conf, localConfig(dataDir, port, monitorPort, node, nodes, routePort), { mode: 0o600 });
    console.log(conf);
  } else if (mode === 'compose') {
    process.stdout.write(composeConfig());
  } else {
    console.error('usage: auth.mjs local <data-dir> <port> <monitor-port> [<node> <nodes> <route-port>] | compose');
    process.exit(2);
  }
}
