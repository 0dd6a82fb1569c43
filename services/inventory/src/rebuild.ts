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
  logger.log(`item views: ${await rebuildItemViews(app.get(MikroORM))} items`);
});
