import type { MigrationObject } from '@mikro-orm/core';
import { outboxMigration, processedEventsMigration, type RenamedMigration } from '@inventory/platform';
import { Locations0001Locations } from './Locations0001_locations.js';
import { Locations0002LocationItems } from './Locations0002_location_items.js';
import { Locations0003Workspaces } from './Locations0003_workspaces.js';
import { Locations0004LocationCodes } from './Locations0004_location_codes.js';

/** Every migration of this service, oldest first (recorded as Migration0001_… until they were renamed). */
export const migrations: (MigrationObject | RenamedMigration)[] = [
  outboxMigration,
  processedEventsMigration,
  { name: 'Locations0001_locations', formerName: 'Migration0001_locations', class: Locations0001Locations },
  { name: 'Locations0002_location_items', formerName: 'Migration0002_location_items', class: Locations0002LocationItems },
  { name: 'Locations0003_workspaces', formerName: 'Migration0003_workspaces', class: Locations0003Workspaces },
  { name: 'Locations0004_location_codes', formerName: 'Migration0004_location_codes', class: Locations0004LocationCodes },
];
