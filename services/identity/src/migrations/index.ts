import type { MigrationObject } from '@mikro-orm/core';
import { outboxMigration } from '@inventory/platform';
import { CreateUsers } from './Identity0001_users.js';
import { Identity0002Workspaces } from './Identity0002_workspaces.js';
import { Identity0003ApiTokens } from './Identity0003_api_tokens.js';
import { Identity0004Notifications } from './Identity0004_notifications.js';

/** Every migration of this service, oldest first. */
export const migrations: MigrationObject[] = [
  outboxMigration,
  { name: 'Identity0001_users', class: CreateUsers },
  { name: 'Identity0002_workspaces', class: Identity0002Workspaces },
  { name: 'Identity0003_api_tokens', class: Identity0003ApiTokens },
  { name: 'Identity0004_notifications', class: Identity0004Notifications },
];
