import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventsRuntime } from '@inventory/platform';
import { inventoryModules } from './app.module.js';
import { rebuildItemViews } from './items/read-models/rebuild-item-views.js';

/**
 * `npm run rebuild -w @inventory/inventory`: rebuilds the item read model from the event store,
 * then every consumer's read model from the event history.
 */
@Module({ imports: inventoryModules({ startConsumers: false }) })
class RebuildModule {}

const app = await NestFactory.createApplicationContext(RebuildModule, { logger: ['error', 'warn', 'log'] });
const logger = new Logger('rebuild');
try {
  logger.log(`item views: ${await rebuildItemViews(app.get(MikroORM))} items`);
  const results = await app.get(EventsRuntime).rebuildAll();
  logger.log(`done: ${results.map((r) => `${r.consumer} ${r.events} events`).join(', ')}`);
} finally {
  await app.close();
}
