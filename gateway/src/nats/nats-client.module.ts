import { Global, Module } from '@nestjs/common';
import { ClientsModule } from '@nestjs/microservices';
import { natsTransport } from '@inventory/platform';
import { getEnv } from '../config/env.js';

/** Injection token of the one NATS client the gateway sends every request through. */
export const NATS_CLIENT = Symbol('NATS_CLIENT');

@Global()
@Module({
  imports: [ClientsModule.registerAsync([{ name: NATS_CLIENT, useFactory: () => natsTransport(getEnv().NATS_URL) }])],
  exports: [ClientsModule],
})
export class NatsClientModule {}
