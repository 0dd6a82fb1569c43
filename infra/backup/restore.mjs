// `npm run restore -- <backup dir> [--profile restore|dev|...] [--replace]`: a backup made by
// `npm run backup` into a stack whose product databases do not exist yet (or, with --replace, are
// dropped first). Start the app on that stack afterwards (docs/operations.md, "Backup and restore").
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildAll, ensureDependencies, say, stackUp } from '../scripts/lib.mjs';
import { databaseUrl, exec, objectStore, pgTool, productDatabases, withClient } from './backup-set.mjs';

/**
 * Restores `dir` into the stack `env` reaches; returns the manifest. The app must not run on it
 * meanwhile. Every outbox is marked unpublished with the restore's own transaction id: the relays
 * then publish the whole history to the new stack's empty events stream (the replay source of a
 * rebuild), and each read model takes what its dump lacked, skipping what it holds (processed_events).
 * The dumped transaction ids came from the old server and could lie ahead of the new one's, which
 * would hold the rows back (the relay publishes only what committed before every running transaction).
 */
export async function restore(env, dir, { replace = false, log = say } = {}) {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const present = new Set(await productDatabases(env.PG_URL));
  const clashing = manifest.databases.filter((d) => present.has(d.name)).map((d) => d.name);
  if (clashing.length && !replace) {
    throw new Error(`the target already has ${clashing.join(', ')}: restore into an empty stack, or pass --replace to drop them`);
  }
  for (const { name, file } of manifest.databases) {
    log(`restoring ${name}`);
    await withClient(env.PG_URL, 'postgres', async (client) => {
      if (present.has(name)) await client.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
    });
    await exec(pgTool('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl(env.PG_URL, name)}`, join(dir, file)]);
    await withClient(env.PG_URL, name, async (client) => {
      const { rows } = await client.query(`SELECT to_regclass('outbox') IS NOT NULL AS has`);
      if (rows[0].has) await client.query('UPDATE outbox SET published_at = NULL, transaction_id = pg_current_xact_id()');
    });
  }

  const store = await objectStore(env);
  if (!(await store.client.bucketExists(store.bucket))) await store.client.makeBucket(store.bucket, store.region);
  log(`restoring ${manifest.objects.count} objects into bucket ${store.bucket}`);
  const root = join(dir, manifest.objects.dir);
  const files = existsSync(root) ? readdirSync(root, { recursive: true }).filter((name) => statSync(join(root, name)).isFile()) : [];
  for (const name of files) await store.client.fPutObject(store.bucket, name, join(root, name));
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { profile: { type: 'string' }, replace: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) {
    console.error('usage: npm run restore -- <backup dir> [--profile restore] [--replace]');
    process.exit(2);
  }
  const profile = values.profile ?? process.env.STACK_PROFILE ?? 'restore';
  ensureDependencies();
  buildAll();
  const env = { ...process.env, ...stackUp(profile) };
  const manifest = await restore(env, positionals[0], { replace: values.replace }).catch((error) => {
    console.error(`restore refused: ${error.message}`);
    process.exit(1);
  });
  say(
    `restored the backup of ${manifest.startedAt} into the ${profile} stack: ${manifest.databases.length} databases, ` +
      `${manifest.objects.count} objects; start the app on it (STACK_PROFILE=${profile} npm start) and the read models catch up`,
  );
}
