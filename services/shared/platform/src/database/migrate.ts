import type { MigrationObject } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';

/** A migration that was once recorded under another name: databases migrated then are told its new one. */
export type RenamedMigration = MigrationObject & { formerName: string };

interface PgConnection {
  query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

/** Arbitrary constant: one advisory lock key for "migrations running" in each database. */
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies pending migrations while holding a session-level advisory lock, so instances started
 * together migrate one after the other instead of racing on the same DDL.
 */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const knex = orm.em.getConnection().getKnex();
  const connection = await knex.client.acquireConnection();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await recordNewNames(connection, orm);
    const applied = await orm.getMigrator().up();
    return applied.map((m) => m.name);
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await knex.client.releaseConnection(connection);
  }
}

/** Renames the records of renamed migrations, so that they are not run a second time under their new name. */
async function recordNewNames(connection: PgConnection, orm: MikroORM): Promise<void> {
  const { migrationsList = [], tableName = 'mikro_orm_migrations' } = orm.config.get('migrations');
  const renamed = (migrationsList as (MigrationObject | RenamedMigration)[]).filter((m): m is RenamedMigration => 'formerName' in m);
  if (renamed.length === 0) return;
  // A new database has no table yet: nothing to rename.
  const { rows } = await connection.query('SELECT to_regclass($1) IS NOT NULL AS present', [tableName]);
  if (!rows[0].present) return;
  for (const { name, formerName } of renamed) {
    await connection.query(`UPDATE ${tableName} SET name = $1 WHERE name = $2`, [name, formerName]);
  }
}
