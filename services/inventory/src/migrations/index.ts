import type { MigrationObject } from '@mikro-orm/core';

/** Every migration of this service, oldest first. */
export const migrations: MigrationObject[] = [];
