import { Module } from '@nestjs/common';
import { DatabaseModule, EventsModule, healthControllerFor } from '@inventory/platform';
import { getEnv } from './config/env.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { migrations } from './migrations/index.js';
import { CategoriesProjection } from './read-models/categories.projection.js';
import { InventoryProjection } from './read-models/inventory.projection.js';
import { WorkspacePurgeProjection } from './read-models/workspace-purge.projection.js';
import { ReportsModule } from './reports/reports.module.js';

/** The modules of the reporting service; a rebuild runs them without the live consumers. */
export function reportingModules({ startConsumers = true } = {}) {
  const env = getEnv();
  return [
    DatabaseModule.forService({ pgUrl: env.PG_URL, dbName: 'reporting', entities: [], migrations }),
    EventsModule.forService({
      service: 'reporting',
      natsUrl: env.NATS_URL,
      streamReplicas: env.EVENTS_STREAM_REPLICAS,
      pgUrl: env.PG_URL,
      startConsumers,
      // Purged workspaces are remembered, so the consumers may apply (and rebuild) in any order.
      consumers: [
        { name: 'items', source: 'inventory', handler: InventoryProjection },
        { name: 'categories', source: 'catalog', handler: CategoriesProjection },
        { name: 'user-purge', source: 'identity', handler: WorkspacePurgeProjection },
      ],
    }),
    DashboardModule,
    ReportsModule,
  ];
}

@Module({ imports: reportingModules(), controllers: [healthControllerFor('reporting')] })
export class AppModule {}
