import { Module } from '@nestjs/common';
import { DatabaseModule, EventsModule, healthControllerFor } from '@inventory/platform';
import { AlertJobsModule } from './alerts/alert-jobs.js';
import { AlertsModule } from './alerts/alerts.module.js';
import { LowStockWatch } from './alerts/low-stock-watch.projection.js';
import { getEnv } from './config/env.js';
import { CountsModule } from './counts/counts.module.js';
import { DemoModule } from './demo/demo.module.js';
import { ExpiryModule } from './expiry/expiry.module.js';
import { ExportModule } from './export/export.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { ItemsModule } from './items/items.module.js';
import { LabelsModule } from './labels/labels.module.js';
import { migrations } from './migrations/index.js';
import { CategoryReplica } from './replicas/category-replica.projection.js';
import { LocationReplica } from './replicas/location-replica.projection.js';
import { InventoryWorkspacePurge } from './workspaces/workspace-purge.projection.js';

/** The modules of the inventory service; a rebuild runs them without the live consumers. */
export function inventoryModules({ startConsumers = true } = {}) {
  const env = getEnv();
  return [
    DatabaseModule.forService({ pgUrl: env.PG_URL, dbName: 'inventory', entities: [], migrations }),
    AlertJobsModule,
    EventsModule.forService({
      service: 'inventory',
      natsUrl: env.NATS_URL,
      streamReplicas: env.EVENTS_STREAM_REPLICAS,
      pgUrl: env.PG_URL,
      publishes: true,
      startConsumers,
      // Rebuilt in this order: the purge replays last, so purged users stay purged.
      consumers: [
        { name: 'low-stock', source: 'inventory', handler: LowStockWatch },
        { name: 'categories', source: 'catalog', handler: CategoryReplica },
        { name: 'locations', source: 'locations', handler: LocationReplica },
        { name: 'user-purge', source: 'identity', handler: InventoryWorkspacePurge },
      ],
    }),
    ItemsModule,
    AlertsModule,
    ImportsModule,
    ExportModule,
    LabelsModule,
    CountsModule,
    ExpiryModule,
    DemoModule,
  ];
}

@Module({ imports: inventoryModules(), controllers: [healthControllerFor('inventory')] })
export class AppModule {}
