import { ImportSubjects as S, type ImportView } from '@inventory/contracts';
import { BucketReady, importObjectKey, objectStoreClient } from '@inventory/platform';
import { eventually, queryDb } from '@inventory/platform/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { getEnv } from '../src/config/env.js';
import { newActor, startInventory, type InventoryHarness } from './support/inventory.js';

/**
 * An import runs in the worker process, which is killed with SIGKILL in the middle of the run; a
 * second worker takes the job over. The import must finish once, with exact counts, and every row
 * must have been written exactly once (no item twice, no event twice).
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WORKER = `${ROOT}services/inventory/dist/main.worker.js`;
/**
 * Six chunks: enough for the kill to land mid-run, few enough events (6,000) that the other
 * services' consumers, not running here, catch up quickly in the test files after this one.
 */
const ROWS = 3_000;

const owner = newActor();
let inventory: InventoryHarness;
const running = new Set<ChildProcess>();

function startWorker(): ChildProcess {
  // Short job locks so that the job held by the killed worker is taken over within seconds.
  const env = { ...process.env, IMPORTS_JOB_LOCK_MS: '1500', ALERTS_STALLED_CHECK_MS: '500', LOG_LEVEL: 'error' };
  const child = spawn(process.execPath, [WORKER], { cwd: ROOT, env, stdio: 'ignore' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  if (!existsSync(WORKER)) throw new Error('Build first: npx nx run-many -t build --exclude=@inventory/web');
  inventory = await startInventory();
});
afterAll(async () => {
  await Promise.all([...running].map(kill));
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
  await kill(first);
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
