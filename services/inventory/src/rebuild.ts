import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { runRebuild } from '@inventory/platform';
import { inventoryModules } from './app.module.js';
import { rebuildItemViews } from './items/read-models/rebuild-item-views.js';

/**
 * `npm run rebuild -w @inventory/inventory`: rebuilds the item read model from the event store,
 * then every consumer's read model from the event history.
 */
await runRebuild(inventoryModules({ startConsumers: false }), async (app, logger) => {
  const started = performance.now();
  const { items, events } = await rebuildItemViews(app.get(MikroORM));
  logger.log(`item views: ${items} items from ${events} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
});
