import { Module } from '@nestjs/common';
import { ConnectionsModule } from './connections/connections.module.js';
import { HealthModule } from './health/health.module.js';
import { NatsClientModule } from './nats/nats-client.module.js';

@Module({
  imports: [NatsClientModule, ConnectionsModule, HealthModule],
})
export class AppModule {}
