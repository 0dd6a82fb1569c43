import type pg from 'pg';

/** Arbitrary constant: serialises the DDL when several gateways start together. */
const SESSION_TABLE_LOCK = 4_242_101;

/** The session table of spec §3 (sid, sess json, expire), plus an index to find a user's sessions. */
export async function ensureSessionTable(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SESSION_TABLE_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS session (
        sid varchar PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      )`);
    await client.query('CREATE INDEX IF NOT EXISTS session_expire_index ON session (expire)');
    await client.query("CREATE INDEX IF NOT EXISTS session_user_id_index ON session ((sess ->> 'userId'))");
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
