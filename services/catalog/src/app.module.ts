import { Module } from '@nestjs/common';
import { DatabaseModule, EventsModule, healthControllerFor } from '@inventory/platform';
import { CategoriesModule } from './categories/categories.module.js';
import { Category } from './categories/category.entity.js';
import { getEnv } from './config/env.js';
import { CategoryItemCountsProjection } from './item-counts/category-item-counts.projection.js';
import { migrations } from './migrations/index.js';
import { CatalogWorkspacePurge } from './workspaces/workspace-purge.projection.js';

/** The modules of the catalog service; a rebuild runs them without the live consumers. */
export function catalogModules({ startConsumers = true } = {}) {
  const env = getEnv();
  return [
    DatabaseModule.forService({ pgUrl: env.PG_URL, dbName: 'catalog', entities: [Category], migrations }),
    EventsModule.forService({
      service: 'catalog',
      natsUrl: env.NATS_URL,
      streamReplicas: env.EVENTS_STREAM_REPLICAS,
      pgUrl: env.PG_URL,
      publishes: true,
      startConsumers,
      // Rebuilt in this order: the purge replays after the counts, so purged users stay purged.
      consumers: [
        { name: 'item-counts', source: 'inventory', handler: CategoryItemCountsProjection },
        { name: 'user-purge', source: 'identity', handler: CatalogWorkspacePurge },
      ],
    }),
    CategoriesModule,
  ];
}

@Module({ imports: catalogModules(), controllers: [healthControllerFor('catalog')] })
export class AppModule {}
