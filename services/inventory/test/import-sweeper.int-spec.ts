import { ImportMessages } from '@inventory/contracts';
import { BucketReady, importObjectKey, objectStoreClient } from '@inventory/platform';
import { queryDb } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { getEnv } from '../src/config/env.js';
import { ImportFiles } from '../src/imports/import-files.js';
import { ImportSweeper } from '../src/imports/import-sweeper.js';
import { newActor, startInventory, type InventoryHarness } from './support/inventory.js';

/** The S3 store does not collect import files: unused uploads expire, unneeded files go. */
let inventory: InventoryHarness;
const env = getEnv();
const s3 = objectStoreClient(env);

beforeAll(async () => {
  inventory = await startInventory();
  await new BucketReady(s3, env.S3_BUCKET, env.S3_REGION).ensure();
});
afterAll(async () => {
  await inventory?.close();
});

async function importWith(workspaceId: string, status: string, createdAt: Date): Promise<string> {
  const id = randomUUID();
  const objectKey = importObjectKey(workspaceId, id);
  await s3.putObject(env.S3_BUCKET, objectKey, Buffer.from('Name\nWidget\n'));
  await queryDb(
    'inventory',
    `INSERT INTO imports (id, workspace_id, created_by, file_name, object_key, file_size, columns, row_count, status, created_at)
     VALUES ($1, $2, $2, 'parts.csv', $3, 12, '["Name"]', 1, $4, $5)`,
    [id, workspaceId, objectKey, status, createdAt],
  );
  return objectKey;
}

const stored = async (key: string) =>
  s3.statObject(env.S3_BUCKET, key).then(
    () => true,
    () => false,
  );

it('expires uploads nobody imported within a day and removes files no import needs', async () => {
  const { workspaceId } = newActor();
  const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
  const abandoned = await importWith(workspaceId, 'uploaded', dayAgo);
  const inWizard = await importWith(workspaceId, 'previewed', new Date());
  const finished = await importWith(workspaceId, 'done', dayAgo);
  // A deleted workspace's file: its rows were purged, the file stayed.
  const orphan = importObjectKey(randomUUID(), randomUUID());
  await s3.putObject(env.S3_BUCKET, orphan, Buffer.from('Name\n'));

  const sweeper = new ImportSweeper(inventory.orm, new ImportFiles(s3));
  // Two hours on: every file is past its grace period, the wizard's upload is not a day old.
  const twoHoursOn = new Date(Date.now() + 2 * 3600 * 1000);
  expect(await sweeper.sweep(twoHoursOn)).toMatchObject({ expired: expect.any(Number) });

  expect(await Promise.all([abandoned, inWizard, finished, orphan].map(stored))).toEqual([false, true, false, false]);
  const rows = await queryDb<{ object_key: string; status: string; failure: string | null }>(
    'inventory',
    'SELECT object_key, status, failure FROM imports WHERE workspace_id = $1 ORDER BY created_at',
    [workspaceId],
  );
  expect(new Map(rows.map((row) => [row.object_key, [row.status, row.failure]]))).toEqual(
    new Map([
      [abandoned, ['failed', ImportMessages.uploadExpired]],
      [finished, ['done', null]],
      [inWizard, ['previewed', null]],
    ]),
  );
  // Nothing left to do: a second sweep changes nothing.
  await sweeper.sweep(twoHoursOn);
  expect(await stored(inWizard)).toBe(true);
});
