import type { MigrationObject } from '@mikro-orm/core';
import { outboxMigration, processedEventsMigration } from '@inventory/platform';
import { Migration0001Categories } from './Migration0001_categories.js';
import { Migration0002CategoryItems } from './Migration0002_category_items.js';
import { Migration0003Workspaces } from './Migration0003_workspaces.js';

/** Every migration of this service, oldest first. */
export const migrations: MigrationObject[] = [
  outboxMigration,
  processedEventsMigration,
  { name: 'Migration0001_categories', class: Migration0001Categories },
  { name: 'Migration0002_category_items', class: Migration0002CategoryItems },
  { name: 'Migration0003_workspaces', class: Migration0003Workspaces },
];
