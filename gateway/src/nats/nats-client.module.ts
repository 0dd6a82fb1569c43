import { Global, Module } from '@nestjs/common';
import { ClientsModule } from '@nestjs/microservices';
import { natsTransport } from '@inventory/platform';
import { getEnv } from '../config/env.js';
import { NATS_CLIENT } from './nats-client.token.js';
import { SERVICE_CLIENTS } from './service-clients.js';

export { NATS_CLIENT };

@Global()
@Module({
  imports: [ClientsModule.registerAsync([{ name: NATS_CLIENT, useFactory: () => natsTransport(getEnv().NATS_URL) }])],
  providers: SERVICE_CLIENTS,
  // The typed clients are how controllers call services; the raw client is for NATS itself (publish, connection).
  exports: [ClientsModule, ...SERVICE_CLIENTS],
})
export class NatsClientModule {}
