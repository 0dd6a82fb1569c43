import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventsRuntime } from '@inventory/platform';
import { catalogModules } from './app.module.js';

/** `npm run rebuild -w @inventory/catalog`: rebuilds every read model from the event history. */
@Module({ imports: catalogModules({ startConsumers: false }) })
class RebuildModule {}

const app = await NestFactory.createApplicationContext(RebuildModule, { logger: ['error', 'warn', 'log'] });
try {
  const results = await app.get(EventsRuntime).rebuildAll();
  new Logger('rebuild').log(`done: ${results.map((r) => `${r.consumer} ${r.events} events`).join(', ')}`);
} finally {
  await app.close();
}
