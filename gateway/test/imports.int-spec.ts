import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CategoryView, ImportPreview, ImportView, ItemView, MovementEntry } from '@inventory/contracts';
import ExcelJS from 'exceljs';
import { crc32, deflateRawSync } from 'node:zlib';
import { eventually, jobsDrained, queryDb } from '@inventory/platform/testing';
import { ALERTS_QUEUE } from '../../services/inventory/src/alerts/alert-jobs.js';
import { WorkerModule } from '../../services/inventory/src/worker.module.js';
import { ApiClient, json, ok, signUp } from './support/api-client.js';
import { fileForm, imported, settled, upload } from './support/imports.js';
import { startSystem, type System } from './support/system.js';
import { joinedAs, sharedWorkspace } from './support/workspaces.js';

let system: System;
let worker: INestApplicationContext;
/**
 * 450 MB of one byte, deflated to well under 1 MB. Made before anything connects: deflating blocks
 * this process for seconds, long enough for the server to close idle keep-alive sockets under a
 * client that cannot notice.
 */
const ZIP_BOMB = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(450 * 1024 * 1024, ' '));

beforeAll(async () => {
  system = await startSystem();
  worker = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] });
});
afterAll(async () => {
  await worker?.close();
  await system?.close();
});

/** A zip archive of one deflated entry, with honest sizes (a classic "zip bomb" when the entry is large and uniform). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content, { level: 9 });
  const crc = crc32(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const centralAt = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

async function itemsOf(c: ApiClient) {
  return ok<ItemView[]>(c.get('/api/inventory?limit=1000'));
}

const EXCEL_CSV = [
  '\uFEFFItem Name;Part number;Qty;Unit price;Category;Bin;Min;Notes',
  'Hex bolt M8;HB-8;120;0,25;Fasteners;Aisle 1;50;"zinc, coated"',
  'Washer;WA-1;0;1.234,50;Fasteners;Aisle 1;10;"two',
  'lines"',
  ';NO-NAME;1;1;;;;',
  'Drill;DR-1;-3;89.99;Tools;;;',
  'Saw;DR-1;1;5;Tools;;;',
].join('\r\n');

describe('upload and preview', () => {
  it('reads an Excel semicolon CSV with a BOM and quoted line breaks, and suggests the mapping', async () => {
    const c = (await signUp(system.baseUrl)).client;
    const { status, body } = await upload(c, EXCEL_CSV);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      fileName: 'stock.csv',
      columns: ['Item Name', 'Part number', 'Qty', 'Unit price', 'Category', 'Bin', 'Min', 'Notes'],
      rowCount: 5,
      suggestedMapping: {
        name: 'Item Name',
        sku: 'Part number',
        quantity: 'Qty',
        unitPrice: 'Unit price',
        category: 'Category',
        location: 'Bin',
        reorderLevel: 'Min',
        description: 'Notes',
      },
    });
    // Line breaks inside a cell come back as \n whatever the file used.
    expect(body.sampleRows[1]).toEqual(['Washer', 'WA-1', '0', '1.234,50', 'Fasteners', 'Aisle 1', '10', 'two\nlines']);

    const preview = await ok<ImportPreview>(c.post(`/api/imports/${body.id}/preview`, { mapping: body.suggestedMapping, mode: 'create' }));
    expect(preview).toEqual({
      toCreate: 3,
      toUpdate: 0,
      unchanged: 0,
      invalid: 2,
      // Rows are numbered as a spreadsheet shows them (the washer's two lines are one row); row 6 may use the SKU of row 5: that row is refused, so the SKU is free.
      errors: [
        { row: 4, column: 'Item Name', message: 'Item name is required' },
        { row: 5, column: 'Qty', message: 'Initial stock must be a whole number from 0 to 1000000000' },
      ],
      newCategories: ['Fasteners', 'Tools'],
      newLocations: ['Aisle 1'],
    });
    // Nothing is written by a preview.
    expect(await itemsOf(c)).toEqual([]);
  });

  it('refuses bad mappings and modes with a clear 400', async () => {
    const c = (await signUp(system.baseUrl)).client;
    const { body } = await upload(c, EXCEL_CSV);
    const preview = (b: object) => json(c.post(`/api/imports/${body.id}/preview`, b));
    expect(await preview({ mapping: { sku: 'Part number' }, mode: 'create' })).toEqual({
      status: 400,
      body: { message: 'Choose the column that holds the item name' },
    });
    expect(await preview({ mapping: { name: 'Nope' }, mode: 'create' })).toEqual({
      status: 400,
      body: { message: 'The mapping names a column that is not in the file' },
    });
    expect(await preview({ mapping: { name: 'Item Name' }, mode: 'merge' })).toEqual({
      status: 400,
      body: { message: "Mode must be 'create' or 'upsert'" },
    });
    expect(await preview({ mapping: { name: 'Item Name' }, mode: 'upsert' })).toEqual({
      status: 400,
      body: { message: 'Updating existing items matches them by SKU: choose the column that holds the SKU' },
    });
    expect((await preview({ mapping: { name: 'Item Name', colour: 'x' }, mode: 'create' })).status).toBe(400);
    expect((await preview({ mapping: { name: { deep: 'x' } }, mode: 'create' })).status).toBe(400);
    expect((await preview({ mapping: { name: 'Item\u0000Name' }, mode: 'create' })).status).toBe(400);
  });

  it('reads the first sheet of an .xlsx file', async () => {
    const c = (await signUp(system.baseUrl)).client;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['Name', 'SKU', 'Quantity', 'Price']);
    sheet.addRow(['Hammer', 'HM-1', 4, 12.5]);
    sheet.addRow(['Chisel', { richText: [{ text: 'CH-' }, { text: '2' }] }, { formula: '1+1', result: 2 }, 3]);
    workbook.addWorksheet('Other').addRow(['ignored']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const { status, body } = await upload(c, file, 'stock.xlsx');
    expect(status).toBe(201);
    expect(body).toMatchObject({
      columns: ['Name', 'SKU', 'Quantity', 'Price'],
      rowCount: 2,
      sampleRows: [
        ['Hammer', 'HM-1', '4', '12.5'],
        ['Chisel', 'CH-2', '2', '3'],
      ],
    });
    await ok(c.post(`/api/imports/${body.id}/preview`, { mapping: body.suggestedMapping, mode: 'create' }));
    await ok(c.post(`/api/imports/${body.id}/commit`), 202);
    expect(await settled(c, body.id)).toMatchObject({ status: 'done', created: 2 });
    const items = await itemsOf(c);
    expect(items.map((i) => [i.name, i.sku, i.currentStock, i.unitPrice]).sort()).toEqual([
      ['Chisel', 'CH-2', 2, '3.00'],
      ['Hammer', 'HM-1', 4, '12.50'],
    ]);
  });

  it.each([
    ['an empty file', '', 'empty.csv', 400, 'Please choose a CSV or Excel (.xlsx) file'],
    ['a header only', 'Name,SKU\n', 'header.csv', 400, 'The file has no rows to import'],
    [
      'a binary file named .csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'photo.csv',
      400,
      'The file could not be read as CSV or Excel (.xlsx)',
    ],
    [
      'a zip that is no workbook',
      Buffer.from('504b0304' + '00'.repeat(40), 'hex'),
      'book.xlsx',
      400,
      'The file could not be read as CSV or Excel (.xlsx)',
    ],
  ])('refuses %s with a clear 4xx and keeps nothing', async (_label, content, name, status, message) => {
    const c = (await signUp(system.baseUrl)).client;
    expect(await upload(c, content, name)).toEqual({ status, body: { message } });
    expect(await ok<ImportView[]>(c.get('/api/imports'))).toEqual([]);
  });

  it('refuses an .xlsx that would unpack to far more than it could hold (a zip bomb)', async () => {
    const c = (await signUp(system.baseUrl)).client;
    expect(ZIP_BOMB.length).toBeLessThan(2 * 1024 * 1024);
    expect(await upload(c, ZIP_BOMB, 'bomb.xlsx')).toEqual({
      status: 400,
      body: { message: 'The Excel file unpacks to more than we can read; save it as CSV instead' },
    });
  });

  it('refuses a file over 50 MB and one of more than 200,000 rows', async () => {
    const c = (await signUp(system.baseUrl)).client;
    const over = Buffer.alloc(51 * 1024 * 1024, 'a');
    // Making 51 MB holds this process, the gateway's too: a pooled keep-alive connection may be
    // closed under the upload that follows, before any answer (ECONNRESET, once in a fresh clone's
    // npm test). That is the transport's race, not an answer: the upload is then tried once more.
    expect(await upload(c, over).catch(() => upload(c, over))).toEqual({
      status: 413,
      body: { message: 'The file is larger than 50 MB' },
    });
    const rows = 'Name\n' + 'x\n'.repeat(200_001);
    expect(await upload(c, rows)).toEqual({ status: 400, body: { message: 'The file has more than 200,000 rows' } });
    expect(await ok<ImportView[]>(c.get('/api/imports'))).toEqual([]);
  });
});

const STOCK_CSV = [
  'Name,SKU,Quantity,Unit price,Category,Location,Reorder level',
  'Bolt,B-1,100,0.10,Hardware,Shelf A,20',
  'Nut,N-1,0,0.05,Hardware,,5',
  'Tape,T-1,7,3.50,,Shelf A,',
].join('\n');

describe('commit, upsert and undo', () => {
  it('imports once: items, opening stock as movements, categories and places created once; a second commit is refused', async () => {
    const c = (await signUp(system.baseUrl)).client;
    const { body } = await upload(c, STOCK_CSV, 'spring stock.csv');
    await ok(c.post(`/api/imports/${body.id}/preview`, { mapping: body.suggestedMapping, mode: 'create' }));
    const [first, second] = await Promise.all([
      json<ImportView>(c.post(`/api/imports/${body.id}/commit`)),
      json<ImportView>(c.post(`/api/imports/${body.id}/commit`)),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const done = await settled(c, body.id);
    expect(done).toMatchObject({ status: 'done', total: 3, processed: 3, created: 3, updated: 0, unchanged: 0, skipped: 0, errors: 0 });
    expect(await json(c.post(`/api/imports/${body.id}/commit`))).toEqual({
      status: 409,
      body: { message: 'This import has already been started' },
    });
    const items = await itemsOf(c);
    expect(items.map((i) => [i.name, i.currentStock, i.category?.name ?? null, i.location?.name ?? null, i.reorderLevel]).sort()).toEqual([
      ['Bolt', 100, 'Hardware', 'Shelf A', 20],
      ['Nut', 0, 'Hardware', null, 5],
      ['Tape', 7, null, 'Shelf A', 0],
    ]);
    const categories = await ok<CategoryView[]>(c.get('/api/categories'));
    expect(categories.map((x) => x.name)).toEqual(['Hardware']);
    const bolt = items.find((i) => i.name === 'Bolt')!;
    const history = await ok<MovementEntry[]>(c.get(`/api/inventory/${bolt.id}/movements`));
    expect(history.map((m) => [m.movementType, m.quantity, m.reason])).toEqual([['in', 100, 'Import spring stock.csv']]);
    // Only the item filed at or below its reorder level raises an alert: the others are judged as
    // filed, not out of stock for a moment and then restocked (an alert raised and resolved per row).
    const nut = items.find((i) => i.name === 'Nut')!;
    const alertsOf = () =>
      queryDb<{ item_id: string; resolved_at: Date | null }>(
        'inventory',
        'SELECT item_id, resolved_at FROM alerts WHERE item_id = ANY($1)',
        [items.map((i) => i.id)],
      );
    await eventually(async () => (await alertsOf()).length > 0, 30_000);
    await jobsDrained(ALERTS_QUEUE);
    expect(await alertsOf()).toEqual([{ item_id: nut.id, resolved_at: null }]);
    // Importing the same file again in upsert mode changes nothing.
    const again = await imported(c, STOCK_CSV, 'upsert');
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 3 });
    expect((await itemsOf(c)).map((i) => i.updatedAt).sort()).toEqual(items.map((i) => i.updatedAt).sort());
    // Undone: the items archived, their opening stock taken back.
    await ok(c.post(`/api/imports/${body.id}/undo`), 202);
    expect(await settled(c, body.id)).toMatchObject({ status: 'undone' });
    expect(await itemsOf(c)).toEqual([]);
    const archivedHistory = await json<MovementEntry[]>(c.get(`/api/inventory/${bolt.id}/movements`));
    expect(archivedHistory.status).toBe(404);
  });

  it('upserts by SKU and undoes an import exactly; an undo is refused once an item changed since', async () => {
    const c = (await signUp(system.baseUrl)).client;
    const base = await imported(c, STOCK_CSV);
    const before = await itemsOf(c);
    const update = [
      'SKU,Name,Quantity,Unit price,Reorder level,Location',
      'B-1,Bolt M8,80,0.12,25,Shelf B',
      'N-1,Nut,0,0.05,5,',
      'X-1,New thing,3,1,,',
    ].join('\n');
    const upsert = await imported(c, update, 'upsert');
    expect(upsert).toMatchObject({ status: 'done', created: 1, updated: 1, unchanged: 1, skipped: 0 });
    const bolt = (await itemsOf(c)).find((i) => i.sku === 'B-1')!;
    // Its place changed; the stock difference is taken where its stock is (its old place).
    expect(bolt).toMatchObject({ name: 'Bolt M8', currentStock: 80, unitPrice: '0.12', reorderLevel: 25, location: { name: 'Shelf B' } });
    expect(bolt.stockByLocation.map((s) => [s.locationName, s.quantity])).toEqual([['Shelf A', 80]]);

    // The first import's items changed since: its undo is refused.
    expect(await json(c.post(`/api/imports/${base.id}/undo`))).toEqual({
      status: 409,
      body: { message: "1 item has changed since this import (e.g. 'Bolt M8'); the import cannot be undone" },
    });
    // The upsert is undone: the new item archived, the bolt set back.
    await ok(c.post(`/api/imports/${upsert.id}/undo`), 202);
    expect(await settled(c, upsert.id)).toMatchObject({ status: 'undone' });
    const after = await itemsOf(c);
    expect(after.map((i) => [i.sku, i.name, i.currentStock, i.unitPrice, i.reorderLevel, i.location?.name ?? null]).sort()).toEqual(
      before.map((i) => [i.sku, i.name, i.currentStock, i.unitPrice, i.reorderLevel, i.location?.name ?? null]).sort(),
    );
    expect(await json(c.post(`/api/imports/${upsert.id}/undo`))).toEqual({
      status: 409,
      body: { message: 'Only a finished import can be undone' },
    });
    // The bolt has still changed since the first import (it was updated, then set back).
    expect((await json(c.post(`/api/imports/${base.id}/undo`))).status).toBe(409);
  });

  it('skips invalid rows, reports them, and serves every error as CSV', async () => {
    const c = (await signUp(system.baseUrl)).client;
    const done = await imported(c, EXCEL_CSV);
    expect(done).toMatchObject({ status: 'done', created: 3, skipped: 2, errors: 2 });
    const res = await c.get(`/api/imports/${done.id}/errors.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // a BOM, for Excel
    expect(bytes.subarray(3).toString()).toBe(
      'Row,Column,Message\n4,Item Name,Item name is required\n5,Qty,Initial stock must be a whole number from 0 to 1000000000\n',
    );
  });

  it('pushes the progress as server-sent events until the import is done', async () => {
    const c = (await signUp(system.baseUrl)).client;
    const rows = ['Name,Quantity', ...Array.from({ length: 1500 }, (_, i) => `Item ${i},${i % 7}`)].join('\n');
    const { body } = await upload(c, rows);
    await ok(c.post(`/api/imports/${body.id}/preview`, { mapping: body.suggestedMapping, mode: 'create' }));
    const stream = await c.get(`/api/imports/${body.id}/events`);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    await ok(c.post(`/api/imports/${body.id}/commit`), 202);
    const text = await stream.text(); // the stream ends when the import is done
    const views = text
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as ImportView);
    expect(views[0].status).toBe('previewed');
    expect(views.at(-1)).toMatchObject({ status: 'done', processed: 1500, created: 1500 });
    expect(views.some((v) => v.status === 'running' && v.processed > 0 && v.processed < 1500)).toBe(true);
  });
});

describe('barcodes', () => {
  it("brings barcodes in, refuses one the file repeats or another item has, and replaces an item's list on upsert", async () => {
    const c = (await signUp(system.baseUrl)).client;
    await ok(c.post('/api/inventory', { name: 'Glue', sku: 'G-1', unitPrice: '1.00', barcodes: ['4006381333931'] }), 201);
    const csv = [
      'Name,SKU,EAN,Unit price',
      'Bolt,B-1,"5901234123457; BOLT-BOX",0.10',
      'Nut,N-1,5901234123457,0.05',
      'Tape,T-1,4006381333931,3.50',
    ].join('\n');
    const { body } = await upload(c, csv);
    expect(body.suggestedMapping).toMatchObject({ barcodes: 'EAN' });
    const preview = await ok<ImportPreview>(c.post(`/api/imports/${body.id}/preview`, { mapping: body.suggestedMapping, mode: 'create' }));
    expect(preview).toMatchObject({
      toCreate: 1,
      invalid: 2,
      errors: [
        { row: 3, column: null, message: 'The barcode 5901234123457 is already in row 2' },
        { row: 4, column: null, message: 'Another item already has the barcode 4006381333931' },
      ],
    });
    await ok(c.post(`/api/imports/${body.id}/commit`), 202);
    expect(await settled(c, body.id)).toMatchObject({ status: 'done', created: 1, errors: 2 });
    const bolt = await ok<ItemView>(c.get('/api/inventory/by-code/BOLT-BOX'));
    expect(bolt).toMatchObject({ name: 'Bolt', barcodes: ['5901234123457', 'BOLT-BOX'] });

    expect(await imported(c, ['SKU,Name,Barcodes', 'b-1,Bolt,BOLT-BOX'].join('\n'), 'upsert')).toMatchObject({ updated: 1 });
    expect(await ok<ItemView>(c.get(`/api/inventory/${bolt.id}`))).toMatchObject({ barcodes: ['BOLT-BOX'] });
    expect(await json(c.get('/api/inventory/by-code/5901234123457'))).toMatchObject({ status: 404 });
  });
});

describe('round trip with the export', () => {
  it.each(['csv', 'xlsx'])('imports its own %s export back unchanged', async (format) => {
    const c = (await signUp(system.baseUrl)).client;
    await imported(c, STOCK_CSV);
    await ok(
      c.post('/api/inventory', {
        name: '=HYPERLINK("x")',
        sku: '+1-SKU',
        description: 'line one\nline "two", three',
        unitPrice: '2.50',
        currentStock: 3,
        barcodes: ['4006381333931', 'BOX 12'],
      }),
      201,
    );
    const before = await itemsOf(c);
    const exported = Buffer.from(await (await c.get(`/api/export/items.${format}`)).arrayBuffer());
    const { body } = await upload(c, exported, `inventory.${format}`);
    expect(body.suggestedMapping).toEqual({
      name: 'Name',
      sku: 'SKU',
      description: 'Description',
      category: 'Category',
      location: 'Location',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      reorderLevel: 'Reorder level',
      barcodes: 'Barcodes',
    });
    const preview = await ok<ImportPreview>(c.post(`/api/imports/${body.id}/preview`, { mapping: body.suggestedMapping, mode: 'upsert' }));
    expect(preview).toMatchObject({ toCreate: 0, toUpdate: 0, unchanged: 4, invalid: 0, newCategories: [], newLocations: [] });
    await ok(c.post(`/api/imports/${body.id}/commit`), 202);
    expect(await settled(c, body.id)).toMatchObject({ status: 'done', unchanged: 4, created: 0, updated: 0 });
    expect(await itemsOf(c)).toEqual(before);
  });
});

describe('who may do what', () => {
  it('viewers see the history but cannot import; members undo only their own; other workspaces see nothing', async () => {
    const owner = await signUp(system.baseUrl);
    const workspace = await sharedWorkspace(owner.client);
    const member = await joinedAs(system.baseUrl, owner.client, workspace.id, 'member');
    const viewer = await joinedAs(system.baseUrl, owner.client, workspace.id, 'viewer');
    const outsider = (await signUp(system.baseUrl)).client;

    const mine = await imported(owner.client, STOCK_CSV);
    expect(await json(viewer.client.post('/api/imports', fileForm(STOCK_CSV, 'x.csv')))).toMatchObject({ status: 403 });
    expect((await ok<ImportView[]>(viewer.client.get('/api/imports'))).map((i) => i.id)).toEqual([mine.id]);
    for (const call of [
      () => viewer.client.post(`/api/imports/${mine.id}/preview`, { mapping: { name: 'Name' }, mode: 'create' }),
      () => viewer.client.post(`/api/imports/${mine.id}/commit`),
      () => viewer.client.post(`/api/imports/${mine.id}/undo`),
    ])
      expect((await call()).status).toBe(403);
    expect(await json(member.client.post(`/api/imports/${mine.id}/undo`))).toEqual({
      status: 403,
      body: { message: 'You can undo only the imports you made' },
    });
    for (const call of [
      () => outsider.get(`/api/imports/${mine.id}`),
      () => outsider.get(`/api/imports/${mine.id}/errors.csv`),
      () => outsider.post(`/api/imports/${mine.id}/preview`, { mapping: { name: 'Name' }, mode: 'create' }),
      () => outsider.post(`/api/imports/${mine.id}/commit`),
      () => outsider.post(`/api/imports/${mine.id}/undo`),
      () => outsider.get('/api/imports/not-a-uuid'),
    ])
      expect(await json(call())).toEqual({ status: 404, body: { message: 'Import not found' } });
    expect(await ok<ImportView[]>(outsider.get('/api/imports'))).toEqual([]);
    expect(await json(new ApiClient(system.baseUrl).get('/api/imports'))).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    // The owner may undo anyone's import in the workspace.
    const theirs = await imported(member.client, ['Name,SKU', 'Clamp,C-1'].join('\n'));
    await ok(owner.client.post(`/api/imports/${theirs.id}/undo`), 202);
    expect(await settled(owner.client, theirs.id)).toMatchObject({ status: 'undone' });
  });
});
