import type { Type } from '@nestjs/common';
import type { ClientProxy, CustomClientOptions, CustomStrategy } from '@nestjs/microservices';
import { JsonTextDeserializer, JsonTextSerializer } from './json-text.codec.js';
import { MuxedNatsClient } from './muxed-nats.client.js';
import { RouteCachingNatsServer } from './route-caching-server.js';

/**
 * How every process connects. No async traces: nats.js would otherwise build two Error objects (a
 * stack capture each) for every request it sends, a JetStream publish included, only to make the
 * stack of a rare timeout longer.
 */
export const natsConnectionOptions = (natsUrl: string) => ({
  servers: natsUrl.split(','),
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
  noAsyncTraces: true,
});

const connection = (natsUrl: string) => ({ ...natsConnectionOptions(natsUrl), gracefulShutdown: true, gracePeriod: 500 });

/** A client's options: replies through one inbox subscription; answers sent as JsonText arrive as JsonText. */
export function natsTransport(natsUrl: string): CustomClientOptions {
  // Nest types customClass as a ClientProxy<string status>, which its own ClientNats is not either.
  return { customClass: MuxedNatsClient as unknown as Type<ClientProxy>, options: { ...connection(natsUrl), deserializer: new JsonTextDeserializer() } };
}

/** The server of a service answering in the queue group `queue`, JsonText answers sent as they are. */
export function natsServiceTransport(natsUrl: string, queue: string): CustomStrategy {
  return { strategy: new RouteCachingNatsServer({ ...connection(natsUrl), queue, name: queue, serializer: new JsonTextSerializer() }) };
}
