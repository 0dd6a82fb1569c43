import { Module } from '@nestjs/common';
import { DatabaseModule, EventsModule, healthControllerFor } from '@inventory/platform';
import { getEnv } from './config/env.js';
import { LocationItemCountsProjection } from './item-counts/location-item-counts.projection.js';
import { Location } from './locations/location.entity.js';
import { LocationsModule } from './locations/locations.module.js';
import { migrations } from './migrations/index.js';
import { LocationsWorkspacePurge } from './workspaces/workspace-purge.projection.js';

/** The modules of the locations service; a rebuild runs them without the live consumers. */
export function locationsModules({ startConsumers = true } = {}) {
  const env = getEnv();
  return [
    DatabaseModule.forService({ pgUrl: env.PG_URL, dbName: 'locations', entities: [Location], migrations }),
    EventsModule.forService({
      service: 'locations',
      natsUrl: env.NATS_URL,
      streamReplicas: env.EVENTS_STREAM_REPLICAS,
      pgUrl: env.PG_URL,
      publishes: true,
      startConsumers,
      // Rebuilt in this order: the purge replays after the counts, so purged users stay purged.
      consumers: [
        { name: 'item-counts', source: 'inventory', handler: LocationItemCountsProjection },
        { name: 'user-purge', source: 'identity', handler: LocationsWorkspacePurge },
      ],
    }),
    LocationsModule,
  ];
}

@Module({ imports: locationsModules(), controllers: [healthControllerFor('locations')] })
export class AppModule {}
