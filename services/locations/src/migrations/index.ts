import type { MigrationObject } from '@mikro-orm/core';
import { outboxMigration, processedEventsMigration } from '@inventory/platform';
import { Migration0001Locations } from './Migration0001_locations.js';
import { Migration0002LocationItems } from './Migration0002_location_items.js';
import { Migration0003Workspaces } from './Migration0003_workspaces.js';
import { Migration0004LocationCodes } from './Migration0004_location_codes.js';

/** Every migration of this service, oldest first. */
export const migrations: MigrationObject[] = [
  outboxMigration,
  processedEventsMigration,
  { name: 'Migration0001_locations', class: Migration0001Locations },
  { name: 'Migration0002_location_items', class: Migration0002LocationItems },
  { name: 'Migration0003_workspaces', class: Migration0003Workspaces },
  { name: 'Migration0004_location_codes', class: Migration0004LocationCodes },
];
