import type { Type } from '@nestjs/common';
import type { ClientProxy, CustomClientOptions, CustomStrategy } from '@nestjs/microservices';
import { JsonTextDeserializer, JsonTextSerializer } from './json-text.codec.js';
import { MuxedNatsClient } from './muxed-nats.client.js';
import { RouteCachingNatsServer } from './route-caching-server.js';

/**
 * NATS_URL names the servers and, as `nats://<user>:<password>@host:port`, this process's own
 * credentials (docs/security.md, "The bus"). nats.js takes credentials as options, not in the URL:
 * they are taken out here. Each user's replies come to an inbox prefix of its own (`_INBOX_<user>`),
 * so the server can keep one process from subscribing to another's replies.
 */
export function natsEndpoint(natsUrl: string): { servers: string[]; user?: string; pass?: string; inboxPrefix?: string } {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = natsUrl.split(',').map((server) => {
    const url = new URL(server.trim());
    if (url.username) {
      user = decodeURIComponent(url.username);
      pass = decodeURIComponent(url.password);
    }
    return `${url.protocol}//${url.host}`;
  });
  return user ? { servers, user, pass, inboxPrefix: `_INBOX_${user}` } : { servers };
}

/**
 * NATS_URL for a service's JetStream connection (outbox relay, event consumers): the same servers
 * and password, as the service's events user `<service>-events`, which has no allow_responses
 * (infra/nats/auth.mjs says why: with it, consumers slowed to a few hundred events/s). A URL with
 * another user (the tools user of tests and scripts) is kept as it is.
 */
export function eventsNatsUrl(natsUrl: string, service: string): string {
  return natsUrl
    .split(',')
    .map((server) => {
      const url = new URL(server.trim());
      if (decodeURIComponent(url.username) !== service) return server.trim();
      url.username = `${service}-events`;
      return url.toString().replace(/\/$/, '');
    })
    .join(',');
}

/**
 * How every process connects. No async traces: nats.js would otherwise build two Error objects (a
 * stack capture each) for every request it sends, a JetStream publish included, only to make the
 * stack of a rare timeout longer.
 */
export const natsConnectionOptions = (natsUrl: string) => ({
  ...natsEndpoint(natsUrl),
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
  noAsyncTraces: true,
});

const connection = (natsUrl: string) => ({ ...natsConnectionOptions(natsUrl), gracefulShutdown: true, gracePeriod: 500 });
/** Within the 10 s a supervisor (infra/scripts/supervisor.mjs) or Docker gives a process to stop. */
const SERVICE_STOP_ANSWERS_WITHIN_MS = 8_000;

/** A client's options: replies through one inbox subscription; answers sent as JsonText arrive as JsonText. */
export function natsTransport(natsUrl: string): CustomClientOptions {
  // Nest types customClass as a ClientProxy<string status>, which its own ClientNats is not either.
  return {
    customClass: MuxedNatsClient as unknown as Type<ClientProxy>,
    options: { ...connection(natsUrl), deserializer: new JsonTextDeserializer() },
  };
}

/** The server of a service answering in the queue group `queue`, JsonText answers sent as they are. */
export function natsServiceTransport(natsUrl: string, queue: string): CustomStrategy {
  return {
    strategy: new RouteCachingNatsServer({
      ...natsConnectionOptions(natsUrl),
      queue,
      name: queue,
      serializer: new JsonTextSerializer(),
      // On stop, how long the requests already received may take to answer (RouteCachingNatsServer).
      gracePeriod: SERVICE_STOP_ANSWERS_WITHIN_MS,
    }),
  };
}
