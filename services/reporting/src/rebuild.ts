import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventsRuntime } from '@inventory/platform';
import { reportingModules } from './app.module.js';

/**
 * `npm run rebuild -w @inventory/reporting`: rebuilds every reporting read model from the event
 * history while the service keeps running (each model in one transaction; readers see the old rows
 * until it commits, the live consumer waits and then skips what the rebuild applied).
 */
@Module({ imports: reportingModules({ startConsumers: false }) })
class RebuildModule {}

const app = await NestFactory.createApplicationContext(RebuildModule, { logger: ['error', 'warn', 'log'] });
const logger = new Logger('rebuild');
try {
  const started = performance.now();
  const results = await app.get(EventsRuntime).rebuildAll();
  const events = results.reduce((sum, r) => sum + r.events, 0);
  const seconds = (performance.now() - started) / 1000;
  logger.log(`done: ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds)} events/s)`);
} finally {
  await app.close();
}
