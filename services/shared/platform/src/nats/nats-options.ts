import type { Type } from '@nestjs/common';
import type { ClientProxy, CustomClientOptions, NatsOptions } from '@nestjs/microservices';
import { Transport } from '@nestjs/microservices';
import { JsonTextDeserializer, JsonTextSerializer } from './json-text.codec.js';
import { MuxedNatsClient } from './muxed-nats.client.js';

const connection = (natsUrl: string) => ({
  servers: natsUrl.split(','),
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
  gracefulShutdown: true,
  gracePeriod: 500,
});

/** A client's options: replies through one inbox subscription; answers sent as JsonText arrive as JsonText. */
export function natsTransport(natsUrl: string): CustomClientOptions {
  // Nest types customClass as a ClientProxy<string status>, which its own ClientNats is not either.
  return { customClass: MuxedNatsClient as unknown as Type<ClientProxy>, options: { ...connection(natsUrl), deserializer: new JsonTextDeserializer() } };
}

/** Transport options of a service answering in the queue group `queue`, JsonText answers sent as they are. */
export function natsServiceTransport(natsUrl: string, queue: string): NatsOptions {
  return { transport: Transport.NATS, options: { ...connection(natsUrl), queue, name: queue, serializer: new JsonTextSerializer() } };
}
