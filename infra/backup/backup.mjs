// `npm run backup [-- --profile dev|cluster|test] [--out DIR]`: every database of the product (one
// pg_dump each), every object of the S3 bucket and a manifest, into backups/<time>/ (docs/operations.md,
// "Backup and restore"). Runs while the product serves: nothing stops. `npm run restore` reads it back.
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildAll, ensureDependencies, ROOT, say, stackUp } from '../scripts/lib.mjs';
import { databaseUrl, dumpOrder, exec, objectNames, objectStore, pgTool, productDatabases, withClient } from './backup-set.mjs';

const sha256 = (file) =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** Writes a backup of the stack that `env` reaches into `dir`; returns its manifest. */
export async function backup(env, dir, { log = say } = {}) {
  const startedAt = new Date();
  mkdirSync(join(dir, 'postgres'), { recursive: true });
  const databases = [];
  for (const name of dumpOrder(await productDatabases(env.PG_URL))) {
    const file = join(dir, 'postgres', `${name}.dump`);
    log(`dumping ${name}`);
    await exec(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl(env.PG_URL, name)}`]);
    const events = await withClient(env.PG_URL, name, async (client) => {
      const { rows } = await client.query(`SELECT to_regclass('outbox') IS NOT NULL AS has`);
      if (!rows[0].has) return null;
      return Number((await client.query('SELECT count(*) AS n FROM outbox')).rows[0].n);
    });
    databases.push({ name, file: `postgres/${name}.dump`, bytes: statSync(file).size, sha256: await sha256(file), events });
  }

  const store = await objectStore(env);
  const names = await objectNames(store);
  log(`copying ${names.length} objects of bucket ${store.bucket}`);
  let objectBytes = 0;
  for (const name of names) {
    const file = join(dir, 'objects', name);
    mkdirSync(dirname(file), { recursive: true });
    await store.client.fGetObject(store.bucket, name, file);
    objectBytes += statSync(file).size;
  }

  const commit = await exec('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).then(
    ({ stdout }) => stdout.trim(),
    () => null,
  );
  const manifest = {
    format: 1,
    commit,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    databases,
    objects: { bucket: store.bucket, count: names.length, bytes: objectBytes, dir: 'objects' },
    // Redis holds rate-limit counters and the job queues: nothing a restore needs (docs/operations.md).
    notIncluded: ['redis', 'nats (the events stream is published again from the outboxes)'],
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { profile: { type: 'string' }, out: { type: 'string' } } });
  const profile = values.profile ?? process.env.STACK_PROFILE ?? 'dev';
  const dir = values.out ?? join(ROOT, 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
  ensureDependencies();
  buildAll();
  const env = { ...process.env, ...stackUp(profile) };
  const manifest = await backup(env, dir);
  const bytes = manifest.databases.reduce((sum, d) => sum + d.bytes, 0) + manifest.objects.bytes;
  say(
    `backup of the ${profile} stack in ${dir}: ${manifest.databases.length} databases, ${manifest.objects.count} objects, ` +
      `${(bytes / 1e6).toFixed(1)} MB, ${((Date.parse(manifest.finishedAt) - Date.parse(manifest.startedAt)) / 1000).toFixed(1)} s`,
  );
}
