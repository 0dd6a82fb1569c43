import { ImportSubjects as S, type ImportView } from '@inventory/contracts';
import { BucketReady, importObjectKey, objectStoreClient } from '@inventory/platform';
import { eventually, queryDb } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { getEnv } from '../src/config/env.js';
import { newActor, startInventory, type InventoryHarness } from './support/inventory.js';
import { TestProcesses, WORKER } from './support/processes.js';

/**
 * An import runs in the worker process, which is killed with SIGKILL in the middle of the run; a
 * second worker takes the job over. The import must finish once, with exact counts, and every row
 * must have been written exactly once (no item twice, no event twice).
 */
/**
 * Six chunks: enough for the kill to land mid-run, few enough events (6,000) that the other
 * services' consumers, not running here, catch up quickly in the test files after this one.
 */
// Enough chunks (1,000 rows each) that the kill, right after the first one, lands mid-import on a fast machine.
const ROWS = 10_000;

const owner = newActor();
let inventory: InventoryHarness;
let processes: TestProcesses;
// Short job locks so that the job held by the killed worker is taken over within seconds.
const startWorker = () => processes.start(WORKER, { IMPORTS_JOB_LOCK_MS: '1500', ALERTS_STALLED_CHECK_MS: '500' });

beforeAll(async () => {
  processes = new TestProcesses('import-recovery');
  inventory = await startInventory();
});
afterAll(async () => {
  await processes?.stopAll();
  await inventory?.close();
});

it('finishes an import once, with exact counts, across kill -9 of the worker running it', async () => {
  const env = getEnv();
  const s3 = objectStoreClient(env);
  await new BucketReady(s3, env.S3_BUCKET, env.S3_REGION).ensure();
  const id = randomUUID();
  const objectKey = importObjectKey(owner.workspaceId, id);
  const csv = [
    'Name,SKU,Quantity,Unit price',
    ...Array.from({ length: ROWS }, (_, i) => `Part ${i},P-${i},${1 + (i % 9)},${i % 100}.25`),
  ].join('\n');
  await s3.putObject(env.S3_BUCKET, objectKey, Buffer.from(csv));

  const first = startWorker();
  const upload = await inventory.call(S.create, { id, fileName: 'parts.csv', objectKey, size: csv.length }, owner);
  await inventory.call(S.preview, { id, mapping: upload.suggestedMapping, mode: 'create' }, owner);
  await inventory.call(S.commit, { id }, owner);

  const progress = async () => (await inventory.call(S.get, { id }, owner)) as ImportView;
  await eventually(async () => (await progress()).processed >= 500, 60_000, 10);
  await processes.kill(first);
  const atKill = await progress();
  expect(atKill.processed).toBeLessThan(ROWS);
  // A second worker takes the job over once the first one's lock expires.
  startWorker();

  await eventually(async () => (await progress()).status === 'done', 120_000, 200);
  expect(await progress()).toMatchObject({ total: ROWS, processed: ROWS, created: ROWS, updated: 0, unchanged: 0, skipped: 0, errors: 0 });
  const [items] = await queryDb<{ count: number; distinct: number }>(
    'inventory',
    'SELECT count(*)::int AS count, count(DISTINCT sku)::int AS distinct FROM item_views WHERE workspace_id = $1',
    [owner.workspaceId],
  );
  expect(items).toEqual({ count: ROWS, distinct: ROWS });
  // Each row: ItemRegistered and its opening StockReceived, once.
  const [events] = await queryDb<{ count: number }>(
    'inventory',
    `SELECT count(*)::int AS count FROM events WHERE stream_id IN (SELECT 'item-' || id FROM item_views WHERE workspace_id = $1)`,
    [owner.workspaceId],
  );
  expect(events.count).toBe(2 * ROWS);
  const [stock] = await queryDb<{ total: number }>(
    'inventory',
    'SELECT sum(current_stock)::int AS total FROM item_views WHERE workspace_id = $1',
    [owner.workspaceId],
  );
  expect(stock.total).toBe(Array.from({ length: ROWS }, (_, i) => 1 + (i % 9)).reduce((a, b) => a + b, 0));
}, 240_000);
