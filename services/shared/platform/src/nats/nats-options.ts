import type { NatsOptions } from '@nestjs/microservices';
import { Transport } from '@nestjs/microservices';
import { JsonTextDeserializer, JsonTextSerializer } from './json-text.codec.js';

const connection = (natsUrl: string) => ({
  servers: natsUrl.split(','),
  maxReconnectAttempts: -1,
  reconnectTimeWait: 500,
  gracefulShutdown: true,
  gracePeriod: 500,
});

/** Transport options of a client: answers sent as JsonText arrive as JsonText. */
export function natsTransport(natsUrl: string): NatsOptions {
  return { transport: Transport.NATS, options: { ...connection(natsUrl), deserializer: new JsonTextDeserializer() } };
}

/** Transport options of a service answering in the queue group `queue`, JsonText answers sent as they are. */
export function natsServiceTransport(natsUrl: string, queue: string): NatsOptions {
  return { transport: Transport.NATS, options: { ...connection(natsUrl), queue, name: queue, serializer: new JsonTextSerializer() } };
}
