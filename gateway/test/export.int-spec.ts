import type { INestApplicationContext } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  EXPORT_PAGE_MAX_BYTES,
  EXPORT_PAGE_ROWS,
  ExportSubjects,
  ReportMessages,
  type Actor,
  type CreatedInvitation,
  type ItemView,
  type MovementResult,
  type WorkspaceSummary,
} from '@inventory/contracts';
import { rpc } from '@inventory/platform';
import { eventually, queryDb } from '@inventory/platform/testing';
import ExcelJS from 'exceljs';
import { NATS_CLIENT } from '../src/nats/nats-client.module.js';
import { ApiClient, json, signUp, uniqueEmail, type SignedUp } from './support/api-client.js';
import { imported } from './support/imports.js';
import { startSystem, type System } from './support/system.js';
import { startInventoryWorker } from './support/workers.js';

let system: System;
let worker: INestApplicationContext;

beforeAll(async () => {
  system = await startSystem();
  worker = await startInventoryWorker(); // runs the imports that make a large workspace
});
afterAll(async () => {
  await worker?.close();
  await system?.close();
});

const BOM = '\ufeff';
const ITEM_HEADERS = 'Name,SKU,Description,Category,Location,Quantity,Unit price,Reorder level,Barcodes';
const MOVEMENT_HEADERS = 'Date,Item,SKU,Type,Quantity,Location,Reason,Stock after,By';

const ok = async <T>(res: Promise<Response>): Promise<T> => {
  const { status, body } = await json<T>(res);
  if (status >= 300) throw new Error(`expected success, got ${status} ${JSON.stringify(body)}`);
  return body;
};

const addItem = (client: ApiClient, body: object) => ok<ItemView>(client.post('/api/inventory', { unitPrice: '1.00', ...body }));

/** A download's text, once its status and headers are what every export answers with. */
async function download(client: ApiClient, path: string): Promise<string> {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inventory-[\w-]+\.(csv|xlsx)"$/);
  return Buffer.from(await res.arrayBuffer()).toString('utf8');
}

/**
 * A workspace holding the awkward cases: a comma, quotes and a line break in names, stock at two
 * places and at none, text a spreadsheet would run as a formula, an archived item.
 */
async function awkwardWorkspace(user: SignedUp) {
  const { client } = user;
  const category = await ok<{ id: string }>(client.post('/api/categories', { name: 'Tools, hand' }));
  const main = await ok<{ id: string }>(client.post('/api/locations', { name: 'Main "North"' }));
  const back = await ok<{ id: string }>(client.post('/api/locations', { name: 'Back room' }));
  const drill = await addItem(client, {
    name: 'Drill, cordless',
    sku: 'DR-1',
    description: 'Line one\nLine "two"',
    categoryId: category.id,
    locationId: main.id,
    unitPrice: '89.90',
    currentStock: 5,
    reorderLevel: 2,
    barcodes: ['4006381333931', 'DR/1 box'],
  });
  await ok<MovementResult>(
    client.post(`/api/inventory/${drill.id}/transfer`, { quantity: 2, fromLocationId: main.id, toLocationId: back.id, reason: 'Restock' }),
  );
  await addItem(client, {
    name: '=HYPERLINK("http://evil.example","click")',
    sku: '+1-555',
    description: '-dash first',
    unitPrice: '0.50',
    currentStock: 4,
  });
  await addItem(client, { name: '@mention', unitPrice: '1000.00' });
  const archived = await addItem(client, { name: 'Archived thing' });
  expect((await client.delete(`/api/inventory/${archived.id}`)).status).toBe(204);
  return { drill };
}

const AWKWARD_CSV = [
  `${ITEM_HEADERS},Stock @ Back room,"Stock @ Main ""North""",Stock @ (no place)`,
  '"Drill, cordless",DR-1,"Line one\nLine ""two""","Tools, hand","Main ""North""",5,89.90,2,"4006381333931, DR/1 box",2,3,0',
  `"'=HYPERLINK(""http://evil.example"",""click"")",'+1-555,'-dash first,,,4,0.50,0,,0,0,4`,
  "'@mention,,,,,0,1000.00,0,,0,0,0",
];

describe('GET /api/export/items.csv and .xlsx', () => {
  it('streams every active item with our import headers, stock per place, quoting and formulas escaped, behind a BOM', async () => {
    const user = await signUp(system.baseUrl);
    await awkwardWorkspace(user);
    // The places' names reach the inventory service by event: the export names them once they have.
    const csv = await eventually(async () => {
      const text = await download(user.client, '/api/export/items.csv');
      return text.includes('Stock @ Back room') ? text : null;
    });
    expect(csv).toBe(`${BOM}${AWKWARD_CSV.join('\r\n')}\r\n`);
  });

  it('writes the same sheet as an Excel workbook, numbers as numbers', async () => {
    const user = await signUp(system.baseUrl);
    await awkwardWorkspace(user);
    await eventually(async () => (await download(user.client, '/api/export/items.csv')).includes('Stock @ Back room'));
    const res = await user.client.get('/api/export/items.xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as ExcelJS.CellValue[]).slice(1));
    expect(rows).toEqual([
      [...ITEM_HEADERS.split(','), 'Stock @ Back room', 'Stock @ Main "North"', 'Stock @ (no place)'],
      ['Drill, cordless', 'DR-1', 'Line one\nLine "two"', 'Tools, hand', 'Main "North"', 5, 89.9, 2, '4006381333931, DR/1 box', 2, 3, 0],
      ['\'=HYPERLINK("http://evil.example","click")', "'+1-555", "'-dash first", undefined, undefined, 4, 0.5, 0, undefined, 0, 0, 4],
      ["'@mention", undefined, undefined, undefined, undefined, 0, 1000, 0, undefined, 0, 0, 0],
    ]);
    expect(sheet.getCell('G2').numFmt).toBe('0.00');
  });

  it('shows another workspace none of the first one’s items or places', async () => {
    const first = await signUp(system.baseUrl);
    await awkwardWorkspace(first);
    const other = await signUp(system.baseUrl);
    await addItem(other.client, { name: 'Their own', currentStock: 1 });
    expect(await download(other.client, '/api/export/items.csv')).toBe(
      `${BOM}${ITEM_HEADERS},Stock @ (no place)\r\nTheir own,,,,,1,1.00,0,,1\r\n`,
    );
  });

  it('is a read: a viewer of a shared workspace exports it, and so does an API token', async () => {
    const owner = await signUp(system.baseUrl);
    const shared = await ok<WorkspaceSummary>(owner.client.post('/api/workspaces', { name: 'Shop' }));
    await ok(owner.client.post(`/api/workspaces/${shared.id}/switch`));
    await addItem(owner.client, { name: 'Shared saw', currentStock: 3 });
    const email = uniqueEmail('viewer');
    const invitation = await ok<CreatedInvitation>(
      owner.client.post(`/api/workspaces/${shared.id}/invitations`, { email, role: 'viewer' }),
    );
    const viewer = await signUp(system.baseUrl, { email });
    await ok(viewer.client.post(`/api/invitations/${invitation.token}/accept`));
    const expected = `${BOM}${ITEM_HEADERS},Stock @ (no place)\r\nShared saw,,,,,3,1.00,0,,3\r\n`;
    expect(await download(viewer.client, '/api/export/items.csv')).toBe(expected);

    const { token } = await ok<{ token: string }>(
      viewer.client.post('/api/tokens', { name: 'Sync', workspaceId: shared.id, role: 'viewer' }),
    );
    const res = await fetch(`${system.baseUrl}/api/export/items.csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(expected.slice(1)); // fetch's text() drops the BOM
  });

  it('needs a signed-in user', async () => {
    const anonymous = new ApiClient(system.baseUrl);
    for (const path of ['/api/export/items.csv', '/api/export/items.xlsx', '/api/export/movements.csv'])
      expect(await json(anonymous.get(path))).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('streams a large workspace complete and in order, a page at a time, each page within one NATS message', async () => {
    const user = await signUp(system.baseUrl);
    // Short rows fill a page by count; long descriptions end pages by size. Two imports (the
    // importer's bulk path makes the same items as a form would, in seconds), so the short rows come first.
    const short = Array.from({ length: EXPORT_PAGE_ROWS + 100 }, (_, i) => `Short ${i},,${i % 7},1.00`);
    const long = Array.from({ length: 900 }, (_, i) => `Long ${i},${i} ${'x'.repeat(1500)},0,1.00`);
    for (const rows of [short, long]) {
      const done = await imported(user.client, ['Name,Description,Quantity,Unit price', ...rows].join('\r\n'));
      expect(done).toMatchObject({ status: 'done', created: rows.length });
    }

    const expectedNames = (
      await queryDb<{ name: string }>(
        'inventory',
        'SELECT name FROM item_views WHERE workspace_id = $1 AND is_active ORDER BY created_at, id',
        [user.user.id],
      )
    ).map((row) => row.name);
    expect(expectedNames).toHaveLength(3000);

    const csv = await download(user.client, '/api/export/items.csv');
    const lines = csv.slice(BOM.length).split('\r\n');
    expect(lines.shift()).toBe(`${ITEM_HEADERS},Stock @ (no place)`);
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => line.split(',')[0])).toEqual(expectedNames);

    const pageSizes = await servicePageSizes({
      userId: user.user.id,
      role: 'user',
      workspaceId: user.user.id,
      workspaceRole: 'owner',
      userName: '',
    });
    expect(pageSizes.reduce((sum, page) => sum + page.rows, 0)).toBe(3000);
    expect(pageSizes[0].rows).toBe(EXPORT_PAGE_ROWS);
    expect(pageSizes.length).toBeGreaterThanOrEqual(3);
    for (const page of pageSizes) expect(page.bytes).toBeLessThan(EXPORT_PAGE_MAX_BYTES + 4096);

    // A client that leaves halfway costs nothing: the gateway stops asking and goes on answering.
    const abort = new AbortController();
    const res = await fetch(`${system.baseUrl}/api/export/items.xlsx`, {
      headers: { cookie: `connect.sid=${user.client.cookie('connect.sid')}` },
      signal: abort.signal,
    });
    await res.body!.getReader().read();
    abort.abort();
    expect((await user.client.get('/api/export/items.csv')).status).toBe(200);
  }, 240_000);
});

describe('GET /api/export/movements.csv', () => {
  it('streams the movements of the period, oldest first, with names, places and who made them', async () => {
    const user = await signUp(system.baseUrl, { firstName: 'Mia', lastName: 'Mover' });
    const main = await ok<{ id: string }>(user.client.post('/api/locations', { name: 'Main' }));
    const van = await ok<{ id: string }>(user.client.post('/api/locations', { name: 'Van, blue' }));
    const drill = await addItem(user.client, { name: 'Drill', sku: 'DR-1', locationId: main.id, currentStock: 5 });
    const moves = [
      await ok<MovementResult>(
        user.client.post(`/api/inventory/${drill.id}/stock`, { quantity: 2, movementType: 'out', reason: '=SUM(A1)', locationId: main.id }),
      ),
      await ok<MovementResult>(
        user.client.post(`/api/inventory/${drill.id}/transfer`, {
          quantity: 1,
          fromLocationId: main.id,
          toLocationId: van.id,
          reason: 'Job',
        }),
      ),
      await ok<MovementResult>(
        user.client.post(`/api/inventory/${drill.id}/stock`, {
          quantity: 10,
          movementType: 'adjustment',
          reason: 'Count',
          locationId: main.id,
        }),
      ),
    ];
    // The history is dated by its events: set each on its own day (opening stock on the 9th).
    const days = ['2025-01-09T08:00:00.000Z', '2025-01-10T12:00:00.000Z', '2025-01-11T23:59:59.999Z', '2025-01-12T00:00:00.000Z'];
    const movementIds = [(await firstMovementId(drill.id)) ?? '', ...moves.map((m) => m.movement.id)];
    for (const [i, movementId] of movementIds.entries())
      await queryDb('inventory', `UPDATE events SET recorded_at = $1 WHERE data->>'movementId' = $2`, [days[i], movementId]);
    await eventually(async () => (await download(user.client, '/api/export/movements.csv')).includes('Van, blue'));

    const rows = [
      '2025-01-09T08:00:00.000Z,Drill,DR-1,in,5,Main,Initial stock,5,Mia Mover',
      "2025-01-10T12:00:00.000Z,Drill,DR-1,out,2,Main,'=SUM(A1),3,Mia Mover",
      '2025-01-11T23:59:59.999Z,Drill,DR-1,transfer,1,"Main → Van, blue",Job,3,Mia Mover',
      '2025-01-12T00:00:00.000Z,Drill,DR-1,adjustment,10,Main,Count,11,Mia Mover',
    ];
    const csv = (...lines: string[]) => `${BOM}${[MOVEMENT_HEADERS, ...lines].join('\r\n')}\r\n`;
    expect(await download(user.client, '/api/export/movements.csv')).toBe(csv(...rows));
    expect(await download(user.client, '/api/export/movements.csv?from=2025-01-10&to=2025-01-11')).toBe(csv(rows[1], rows[2]));
    expect(await download(user.client, '/api/export/movements.csv?from=2025-01-12')).toBe(csv(rows[3]));
    expect(await download(user.client, '/api/export/movements.csv?to=2025-01-09')).toBe(csv(rows[0]));
    expect(await download(user.client, '/api/export/movements.csv?from=2025-01-10T12:00:01Z&to=2025-01-11')).toBe(csv(rows[2]));
    const res = await user.client.get('/api/export/movements.csv?from=2025-01-10&to=2025-01-11');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="inventory-movements-2025-01-10-to-2025-01-11.csv"');

    const other = await signUp(system.baseUrl);
    expect(await download(other.client, '/api/export/movements.csv')).toBe(csv());
  });

  it('refuses a malformed or impossible date, and from after to, with 400 and a message', async () => {
    const { client } = await signUp(system.baseUrl);
    const get = (query: string) => json(client.get(`/api/export/movements.csv?${query}`));
    expect(await get('from=yesterday')).toEqual({ status: 400, body: { message: ReportMessages.dateInvalid('from') } });
    expect(await get('to=2025-13-01')).toEqual({ status: 400, body: { message: ReportMessages.dateInvalid('to') } });
    expect(await get('from=2025-02-30')).toEqual({ status: 400, body: { message: ReportMessages.dateInvalid('from') } });
    expect(await get('from=2025-02-02&to=2025-02-01')).toEqual({ status: 400, body: { message: ReportMessages.fromAfterTo } });
  });
});

/** The pages the inventory service answers for the whole export, asked for as the gateway does. */
async function servicePageSizes(actor: Actor): Promise<{ rows: number; bytes: number }[]> {
  const nats = system.gateway.get<ClientProxy>(NATS_CLIENT);
  const sizes: { rows: number; bytes: number }[] = [];
  let after: string | undefined;
  do {
    const page = await rpc(nats, ExportSubjects.items, { after, limit: EXPORT_PAGE_ROWS }, { actor });
    sizes.push({ rows: page.rows.length, bytes: Buffer.byteLength(JSON.stringify(page)) });
    after = page.next ?? undefined;
  } while (after);
  return sizes;
}

/** The movement an item was registered with (its opening stock). */
async function firstMovementId(itemId: string): Promise<string | undefined> {
  const [row] = await queryDb<{ id: string }>(
    'inventory',
    `SELECT data->>'movementId' AS id FROM events WHERE stream_id = $1 AND data->>'movementId' IS NOT NULL ORDER BY version LIMIT 1`,
    [`item-${itemId}`],
  );
  return row?.id;
}
