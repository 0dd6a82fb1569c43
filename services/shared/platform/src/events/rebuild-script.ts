import { Logger, Module, type INestApplicationContext, type ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { processLogger } from '../logging/redact.js';
import { EventsRuntime } from './events.module.js';

/**
 * The body of a service's `rebuild` script: its modules without the live consumers, then `before`
 * (e.g. a read model rebuilt from the service's own event store), then every consumer's read model
 * rebuilt from the event history, each in one transaction, while the service keeps running.
 */
export async function runRebuild(
  imports: NonNullable<ModuleMetadata['imports']>,
  before?: (app: INestApplicationContext, logger: Logger) => Promise<void>,
): Promise<void> {
  @Module({ imports })
  class RebuildModule {}

  const app = await NestFactory.createApplicationContext(RebuildModule, { logger: processLogger() });
  const logger = new Logger('rebuild');
  try {
    await before?.(app, logger);
    const started = performance.now();
    const results = await app.get(EventsRuntime).rebuildAll();
    const events = results.reduce((sum, r) => sum + r.events, 0);
    const seconds = (performance.now() - started) / 1000;
    const each = results.map((r) => `${r.consumer} ${r.events}`).join(', ');
    logger.log(`done: ${events} events (${each}) in ${seconds.toFixed(1)} s, ${Math.round(events / Math.max(seconds, 0.001))} events/s`);
  } finally {
    await app.close();
  }
}
