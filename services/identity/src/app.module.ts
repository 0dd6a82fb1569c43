import { Module } from '@nestjs/common';
import { DatabaseModule, healthControllerFor } from '@inventory/platform';
import { getEnv } from './config/env.js';
import { migrations } from './migrations/index.js';

@Module({
  imports: [DatabaseModule.forService({ pgUrl: getEnv().PG_URL, dbName: 'identity', entities: [], migrations })],
  controllers: [healthControllerFor('identity')],
})
export class AppModule {}
