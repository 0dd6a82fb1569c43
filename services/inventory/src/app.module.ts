import { Module } from '@nestjs/common';
import { DatabaseModule, healthControllerFor } from '@inventory/platform';
import { getEnv } from './config/env.js';
import { migrations } from './migrations/index.js';

@Module({
  imports: [DatabaseModule.forService({ pgUrl: getEnv().PG_URL, dbName: 'inventory', entities: [], migrations })],
  controllers: [healthControllerFor('inventory')],
})
export class AppModule {}
