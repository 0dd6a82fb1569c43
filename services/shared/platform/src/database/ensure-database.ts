import pg from 'pg';

const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

/** Creates the database if missing. Safe when several instances of a service start at once. */
export async function ensureDatabase(serverUrl: string, dbName: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (found.rowCount) return;
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)}`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== DUPLICATE_DATABASE && code !== UNIQUE_VIOLATION) throw error;
  } finally {
    await client.end();
  }
}

/** The server URL with its path replaced by a database name. */
export function withDatabase(serverUrl: string, dbName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}
