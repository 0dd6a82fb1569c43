// HAProxy in front of the gateways, written once for both clusters: `npm run cluster` on this
// machine (infra/cluster/cluster.mjs) and docker-compose.cluster.yml (infra/docker/cluster-compose.mjs
// generates infra/docker/haproxy.cfg from it). docs/operations.md, "The cluster".

/** What clients get when no gateway is ready: the API's own shape of refusal, not HAProxy's HTML page. */
const NO_GATEWAY_BODY = JSON.stringify({ message: 'The service is unavailable for a moment. Try again in a few seconds.' });
export const NO_GATEWAY_ANSWER = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  'Retry-After: 5',
  'Connection: close',
  `Content-Length: ${Buffer.byteLength(NO_GATEWAY_BODY)}`,
  '',
  NO_GATEWAY_BODY,
].join('\r\n');

/**
 * The configuration. HAProxy asks each gateway for /api/health/ready every 500 ms and takes it out
 * after two failures; a gateway told to stop answers "not ready" for SHUTDOWN_DRAIN_MS while it still
 * serves, so no new request reaches it by the time it closes. A request whose connection failed
 * before any answer is sent again to the other gateway (writes carry an Idempotency-Key).
 * `dns`: a resolver (Docker's), for gateways whose address changes when their container restarts.
 */
export function haproxyConfig({ bind, gateways, errorFile, stats, dns }) {
  const serverOptions = dns ? ' resolvers dns init-addr last,libc,none' : '';
  return `global
  maxconn 4096
${dns ? `\nresolvers dns\n  nameserver dns ${dns}\n  hold valid 1s\n` : ''}
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
  errorfile 503 ${errorFile}

frontend app
  bind ${bind}
  option forwardfor
  default_backend gateways

backend gateways
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  # A loaded gateway may take a while to answer: only a refusal or 3 s of silence counts as a failure.
  timeout check 3s
  default-server inter 500ms fall 2 rise 2${serverOptions}
${gateways.map(({ name, address }) => `  server ${name} ${address} check`).join('\n')}
${
  stats
    ? `
frontend stats
  bind ${stats}
  stats enable
  stats uri /
  stats refresh 2s
`
    : ''
}`;
}
