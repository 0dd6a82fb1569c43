import type { MigrationObject } from '@mikro-orm/core';
import { outboxMigration, processedEventsMigration, type RenamedMigration } from '@inventory/platform';
import { Catalog0001Categories } from './Catalog0001_categories.js';
import { Catalog0002CategoryItems } from './Catalog0002_category_items.js';
import { Catalog0003Workspaces } from './Catalog0003_workspaces.js';

/** Every migration of this service, oldest first (recorded as Migration0001_… until they were renamed). */
export const migrations: (MigrationObject | RenamedMigration)[] = [
  outboxMigration,
  processedEventsMigration,
  { name: 'Catalog0001_categories', formerName: 'Migration0001_categories', class: Catalog0001Categories },
  { name: 'Catalog0002_category_items', formerName: 'Migration0002_category_items', class: Catalog0002CategoryItems },
  { name: 'Catalog0003_workspaces', formerName: 'Migration0003_workspaces', class: Catalog0003Workspaces },
];
