// What a backup holds and how to reach it (docs/operations.md, "Backup and restore"), shared by
// backup.mjs, restore.mjs and the backup drill.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

export const exec = promisify(execFile);

/** PostgreSQL's client tools, from the newest server installed (the one local-stack.sh runs). */
export function pgTool(name) {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return `/usr/lib/postgresql/${versions.at(-1)}/bin/${name}`;
}

export const databaseUrl = (pgUrl, name) => {
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs `work` with a client of one database. */
export async function withClient(pgUrl, name, work) {
  const client = new pg.Client({ connectionString: databaseUrl(pgUrl, name) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The product's databases on a server: every one but PostgreSQL's own. */
export const productDatabases = (pgUrl) =>
  withClient(pgUrl, 'postgres', async (client) => {
    const { rows } = await client.query(
      `SELECT datname FROM pg_database WHERE NOT datistemplate AND datname <> 'postgres' ORDER BY datname`,
    );
    return rows.map((row) => row.datname);
  });

/**
 * The order databases are dumped in. Each is consistent on its own, not with the others: a read
 * model dumped after the events it holds were written would hold an event its source's dump lacks.
 * So inventory, where almost every event starts, comes last: every inventory event another read
 * model holds is in its dump. The restore publishes every outbox again, which fills the read models
 * up to their sources (processed_events skips what they already hold).
 */
export const dumpOrder = (names) => [...names.filter((n) => n !== 'inventory'), ...names.filter((n) => n === 'inventory')];

/**
 * The object store as the services reach it: the platform's S3 settings (S3_*, with their
 * defaults) and client. The platform must be built (the commands build first).
 */
export async function objectStore(env) {
  const { loadEnv, objectStoreClient, WithObjectStoreEnv } = await import('@inventory/platform');
  class StoreEnv extends WithObjectStoreEnv(class {}) {}
  const settings = loadEnv(StoreEnv, env);
  return { client: objectStoreClient(settings), bucket: settings.S3_BUCKET, region: settings.S3_REGION };
}

/** Every object name in the bucket (none when it does not exist). */
export async function objectNames({ client, bucket }) {
  if (!(await client.bucketExists(bucket))) return [];
  const names = [];
  for await (const object of client.listObjectsV2(bucket, '', true)) if (object.name) names.push(object.name);
  return names;
}
