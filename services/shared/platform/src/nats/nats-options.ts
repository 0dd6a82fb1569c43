import type { NatsOptions } from '@nestjs/microservices';
import { Transport } from '@nestjs/microservices';

/** Transport options shared by servers (with a queue group) and clients. */
export function natsTransport(natsUrl: string, queue?: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: {
      servers: natsUrl.split(','),
      queue,
      name: queue,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      gracefulShutdown: true,
      gracePeriod: 500,
    },
  };
}
