import type { MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';

export interface OrmConfigInput {
  /** Server URL without a database, e.g. postgres://postgres@127.0.0.1:15432 */
  pgUrl: string;
  dbName: string;
  entities: NonNullable<Options['entities']>;
  /** Migration classes in order; listed explicitly so builds and tests need no file globbing. */
  migrations: MigrationObject[];
  poolMax?: number;
}

/** The one MikroORM configuration every service uses. Schema changes only through migrations. */
export function ormConfig(input: OrmConfigInput): Options {
  return defineConfig({
    clientUrl: input.pgUrl,
    dbName: input.dbName,
    entities: input.entities,
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    ensureDatabase: false,
    allowGlobalContext: false,
    pool: { min: 0, max: input.poolMax ?? 10 },
    migrations: {
      migrationsList: input.migrations,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    debug: false,
  });
}
