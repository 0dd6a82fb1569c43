import type { MikroORM } from '@mikro-orm/postgresql';

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
    const applied = await orm.getMigrator().up();
    return applied.map((m) => m.name);
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await knex.client.releaseConnection(connection);
  }
}
