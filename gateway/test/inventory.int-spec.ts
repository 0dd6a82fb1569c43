import type { INestApplicationContext } from '@nestjs/common';
import {
  InventoryMessages as M,
  SEARCH_MATCHES_COUNTED_PAST_PAGE,
  MAX_IMAGE_BYTES,
  type ItemView,
  type LowStockAlertView,
  type MovementEntry,
  type MovementResult,
} from '@inventory/contracts';
import { eventually, queryDb } from '@inventory/platform/testing';
import { ApiClient, signUp, json } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';
import { startInventoryWorker } from './support/workers.js';
import { joinedAs } from './support/workspaces.js';

let system: System;
let worker: INestApplicationContext;
const newUser = async () => (await signUp(system.baseUrl)).client;
const addItem = async (c: ApiClient, body: object = {}) =>
  (await json<ItemView>(c.post('/api/inventory', { name: 'Drill', sku: null, unitPrice: '89.99', currentStock: 10, ...body }))).body;

beforeAll(async () => {
  system = await startSystem();
  worker = await startInventoryWorker();
}, 150_000);
afterAll(async () => {
  await worker?.close();
  await system?.close();
});

describe('/api/inventory', () => {
  it('needs a signed-in user', async () => {
    expect(await json(new ApiClient(system.baseUrl).get('/api/inventory'))).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('serves the spec flow: add, list, reorder level, stock update, timeline, archive', async () => {
    const c = await newUser();
    const created = await json<ItemView>(
      c.post('/api/inventory', { name: 'Drill', sku: 'DR-1', description: 'Cordless', currentStock: 5, unitPrice: '89.99' }),
    );
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Drill', sku: 'DR-1', currentStock: 5, reorderLevel: 0, unitPrice: '89.99', status: 'in-stock' },
    });
    const { id } = created.body;
    const list = await c.get('/api/inventory');
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(await list.json()).toEqual([created.body]);
    expect(await json(c.patch(`/api/inventory/${id}`, { reorderLevel: 3 }))).toMatchObject({ status: 200, body: { reorderLevel: 3 } });
    const stock = await json<MovementResult>(c.post(`/api/inventory/${id}/stock`, { quantity: 3, movementType: 'out', reason: 'Sold' }));
    expect(stock).toMatchObject({
      status: 201,
      body: { item: { currentStock: 2, status: 'low-stock' }, movement: { movementType: 'out', quantity: 3 } },
    });
    expect(await json(c.post(`/api/inventory/${id}/stock`, { quantity: 3, movementType: 'out', reason: 'Sold' }))).toEqual({
      status: 409,
      body: { message: 'Insufficient stock: 2 available' },
    });
    const undo = await json<MovementResult>(c.post(`/api/inventory/${id}/movements/${stock.body.movement.id}/undo`));
    expect(undo).toMatchObject({
      status: 201,
      body: { item: { currentStock: 5 }, movement: { movementType: 'undo', undoes: stock.body.movement.id } },
    });
    const timeline = await json<MovementEntry[]>(c.get(`/api/inventory/${id}/movements?limit=10`));
    expect(timeline.body.map((m) => [m.movementType, m.undoneBy])).toEqual([
      ['undo', null],
      ['out', undo.body.movement.id],
      ['in', null],
    ]);
    expect(await json(c.delete(`/api/inventory/${id}`))).toEqual({ status: 204, body: undefined });
    expect((await json(c.get('/api/inventory'))).body).toEqual([]);
  });

  it('answers invalid input with 400 and the field message, and refuses a userId in the body', async () => {
    const c = await newUser();
    expect(await json(c.post('/api/inventory', { sku: 'x', unitPrice: '1.00' }))).toEqual({
      status: 400,
      body: { message: M.nameRequired },
    });
    expect(await json(c.post('/api/inventory', { name: 'x' }))).toEqual({ status: 400, body: { message: M.unitPriceRequired } });
    expect(await json(c.post('/api/inventory', { name: 'x', unitPrice: '1', userId: 'someone-else' }))).toEqual({
      status: 400,
      body: { message: 'property userId should not exist' },
    });
    const item = await addItem(c);
    expect(await json(c.post(`/api/inventory/${item.id}/stock`, { quantity: 1.5, movementType: 'in', reason: 'r' }))).toEqual({
      status: 400,
      body: { message: M.quantityInvalid },
    });
    expect(await json(c.post(`/api/inventory/${item.id}/stock`, { quantity: 1, movementType: 'in' }))).toEqual({
      status: 400,
      body: { message: M.reasonRequired },
    });
    expect(await json(c.get('/api/inventory?status=lowish'))).toEqual({ status: 400, body: { message: M.statusInvalid } });
    expect(await json(c.get('/api/inventory?sort=price'))).toEqual({
      status: 400,
      body: { message: 'sort must be one of: name, sku, currentStock, unitPrice, createdAt' },
    });
    expect(await json(c.get('/api/inventory?sort=name&order=up'))).toEqual({ status: 400, body: { message: 'order must be asc or desc' } });
    expect((await c.get('/api/inventory?limit=1&offset=0')).headers.get('x-total-count')).toBe('1');
  });

  it('says when a searched total is a lower bound (X-Total-Count-Capped), and not otherwise', async () => {
    const c = await newUser();
    const bolts = SEARCH_MATCHES_COUNTED_PAST_PAGE + 2;
    for (let done = 0; done < bolts; done += 50)
      await Promise.all(Array.from({ length: Math.min(50, bolts - done) }, (_, i) => addItem(c, { name: `Bolt ${done + i}` })));
    const totalOf = async (path: string) => {
      const { headers } = await c.get(path);
      return [headers.get('x-total-count'), headers.get('x-total-count-capped')];
    };
    expect(await totalOf('/api/inventory?limit=1&search=bolt')).toEqual([String(SEARCH_MATCHES_COUNTED_PAST_PAGE + 1), 'true']);
    expect(await totalOf('/api/inventory?limit=1&offset=20&search=bolt')).toEqual([String(bolts), null]);
    expect(await totalOf('/api/inventory?limit=1')).toEqual([String(bolts), null]);
  });

  it("sorts a workspace's items by the column asked, and only its own", async () => {
    const c = await newUser();
    const other = await newUser();
    await addItem(other, { name: 'Aardvark', unitPrice: '0.01' });
    for (const [name, unitPrice] of [
      ['Saw', '12.00'],
      ['hammer', '30.00'],
      ['Chisel', '7.50'],
    ])
      await addItem(c, { name, unitPrice });
    const names = async (query: string) => (await json<ItemView[]>(c.get(`/api/inventory?${query}`))).body.map((item) => item.name);
    expect(await names('sort=name')).toEqual(['Chisel', 'hammer', 'Saw']);
    expect(await names('sort=unitPrice&order=desc')).toEqual(['hammer', 'Saw', 'Chisel']);
    expect(await names('sort=name&order=desc&limit=1&offset=1')).toEqual(['hammer']);
  });

  it('links each full page to the next after its last item (Link rel="next"), for a viewer too, and refuses a forged cursor', async () => {
    const owner = await signUp(system.baseUrl);
    for (const name of ['Chisel', 'hammer', 'Saw', 'awl', 'File']) await addItem(owner.client, { name, sku: null });
    const viewer = await joinedAs(system.baseUrl, owner.client, owner.user.id, 'viewer');
    const walk = async (c: ApiClient, first: string) => {
      const pages: { names: string[]; total: string | null }[] = [];
      for (let path: string | null = first; path !== null;) {
        const res = await c.get(path);
        expect(res.status).toBe(200);
        pages.push({ names: ((await res.json()) as ItemView[]).map((item) => item.name), total: res.headers.get('x-total-count') });
        const link = res.headers.get('link');
        path = link === null ? null : /^<(\/api\/inventory\?[^>]+)>; rel="next"$/.exec(link)![1];
        if (path) expect(new URL(path, system.baseUrl).searchParams.get('limit')).toBe('2');
      }
      return pages;
    };
    const expected = [
      { names: ['awl', 'Chisel'], total: '5' },
      { names: ['File', 'hammer'], total: '5' },
      { names: ['Saw'], total: '5' },
    ];
    expect(await walk(owner.client, '/api/inventory?sort=name&limit=2')).toEqual(expected);
    expect(await walk(viewer.client, '/api/inventory?sort=name&limit=2')).toEqual(expected);
    // Searched, the links keep the search and the offset where each page stands.
    const searched = await owner.client.get('/api/inventory?search=e&sort=name&order=desc&limit=2');
    const next = new URL(/^<([^>]+)>/.exec(searched.headers.get('link')!)![1], system.baseUrl).searchParams;
    expect([next.get('search'), next.get('order'), next.get('offset')]).toEqual(['e', 'desc', '2']);
    // A cursor holds sort keys only: another workspace following it sees its own items after them.
    const stranger = await newUser();
    await addItem(stranger, { name: 'Zebra bench' });
    const link = (await owner.client.get('/api/inventory?sort=name&limit=2')).headers.get('link')!;
    const after = new URL(/^<([^>]+)>/.exec(link)![1], system.baseUrl).searchParams.get('after')!;
    expect((await json<ItemView[]>(stranger.get(`/api/inventory?sort=name&after=${after}`))).body.map((item) => item.name)).toEqual([
      'Zebra bench',
    ]);
    for (const bad of [
      `sort=unitPrice&after=${after}`,
      `sort=name&after=${'x'.repeat(4_001)}`,
      `sort=name&after=${Buffer.from('["name:asc","a","1"]').toString('base64url')}`,
    ]) {
      expect(await json(owner.client.get(`/api/inventory?${bad}`))).toEqual({ status: 400, body: { message: M.cursorInvalid } });
    }
  });
});

describe('concurrency', () => {
  it('keeps every accepted movement of 50 clients × 20 on one item: no lost or duplicated event, never negative', async () => {
    const { client } = await signUp(system.baseUrl);
    const item = await addItem(client, { currentStock: 100 });
    const clients = Array.from({ length: 50 }, () => client.copy());
    const accepted: number[] = [];
    let refused = 0;
    await Promise.all(
      clients.map(async (c, n) => {
        for (let i = 0; i < 20; i++) {
          const out = (n + i) % 2 === 0;
          const quantity = 1 + ((n * 7 + i) % 5);
          const res = await c.post(`/api/inventory/${item.id}/stock`, {
            quantity,
            movementType: out ? 'out' : 'in',
            reason: `client ${n}`,
          });
          if (res.status === 201) accepted.push(out ? -quantity : quantity);
          else if (res.status === 409) refused++;
          else throw new Error(`unexpected ${res.status}: ${await res.text()}`);
        }
      }),
    );
    expect(accepted.length + refused).toBe(1000);
    const final = (await json<ItemView>(client.get(`/api/inventory/${item.id}`))).body;
    expect(final.currentStock).toBe(100 + accepted.reduce((a, b) => a + b, 0));
    const events = await queryDb<{ version: number; total: number }>(
      'inventory',
      "SELECT version, (data->'stockAfter'->>'total')::int AS total FROM events WHERE stream_id = $1 ORDER BY version",
      [`item-${item.id}`],
    );
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(events).toHaveLength(2 + accepted.length); // registered, initial stock, one per accepted movement
    expect(events.every((e) => e.version === 1 || e.total >= 0)).toBe(true);
    expect(events[events.length - 1].total).toBe(final.currentStock);
  });

  it('answers the same Idempotency-Key sent 3 times at once identically, recording one event', async () => {
    const c = await newUser();
    const item = await addItem(c);
    const headers = { 'idempotency-key': `k-${item.id}` };
    const answers = await Promise.all(
      [1, 2, 3].map(() => json(c.post(`/api/inventory/${item.id}/stock`, { quantity: 2, movementType: 'in', reason: 'r' }, { headers }))),
    );
    expect(answers[0].status).toBe(201);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const [row] = await queryDb('inventory', "SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'StockReceived'", [
      `item-${item.id}`,
    ]);
    expect(row.n).toBe(2); // the initial stock and this one
  });
});

describe("another user's records", () => {
  it('answer 404 on every item, movement, transfer, undo and alert route', async () => {
    const owner = await newUser();
    const item = await addItem(owner, { reorderLevel: 20 });
    const { body: moved } = await json<MovementResult>(
      owner.post(`/api/inventory/${item.id}/stock`, { quantity: 1, movementType: 'out', reason: 'r' }),
    );
    const alert = await eventually(async () => (await json<LowStockAlertView[]>(owner.get('/api/alerts/low-stock'))).body[0], 10_000);
    const intruder = await newUser();
    const notFound = { status: 404, body: { message: M.itemNotFound } };
    expect(await json(intruder.get(`/api/inventory/${item.id}`))).toEqual(notFound);
    expect(await json(intruder.patch(`/api/inventory/${item.id}`, { reorderLevel: 1 }))).toEqual(notFound);
    expect(await json(intruder.delete(`/api/inventory/${item.id}`))).toEqual(notFound);
    expect(await json(intruder.post(`/api/inventory/${item.id}/stock`, { quantity: 1, movementType: 'out', reason: 'r' }))).toEqual(
      notFound,
    );
    const { body: intruderPlace } = await json<{ id: string }>(intruder.post('/api/locations', { name: 'Their shelf', type: 'Storage' }));
    expect(
      await json(
        intruder.post(`/api/inventory/${item.id}/transfer`, {
          fromLocationId: null,
          toLocationId: intruderPlace.id,
          quantity: 1,
          reason: 'r',
        }),
      ),
    ).toEqual(notFound);
    expect(await json(intruder.get(`/api/inventory/${item.id}/movements`))).toEqual(notFound);
    expect(await json(intruder.post(`/api/inventory/${item.id}/movements/${moved.movement.id}/undo`))).toEqual(notFound);
    expect(await json(intruder.patch(`/api/alerts/${alert.id}/read`))).toEqual({ status: 404, body: { message: M.alertNotFound } });
    expect((await json(intruder.get('/api/alerts/low-stock'))).body).toEqual([]);
    expect((await json(intruder.get('/api/inventory'))).body).toEqual([]);
    expect((await json<ItemView>(owner.get(`/api/inventory/${item.id}`))).body.currentStock).toBe(9);
  });
});

describe('low-stock alerts', () => {
  it('lists the unread alert, pushes it to an open event stream within a second, and marks it read', async () => {
    const c = await newUser();
    const item = await addItem(c, { reorderLevel: 4, currentStock: 6 });
    const stream = await c.fetch('/api/alerts/stream', { headers: { accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const started = Date.now();
    await c.post(`/api/inventory/${item.id}/stock`, { quantity: 6, movementType: 'out', reason: 'r' });
    let received = '';
    while (!received.includes('event: low-stock-alert')) received += (await reader.read()).value ?? '';
    expect(Date.now() - started).toBeLessThan(1000);
    await reader.cancel();
    const data = JSON.parse(/data: (.*)/.exec(received.slice(received.indexOf('event: low-stock-alert')))![1]) as LowStockAlertView;
    expect(data).toMatchObject({ itemId: item.id, severity: 'critical', item: { name: 'Drill', currentStock: 0, reorderLevel: 4 } });
    expect((await json<LowStockAlertView[]>(c.get('/api/alerts/low-stock'))).body).toEqual([data]);
    expect(await json(c.patch(`/api/alerts/${data.id}/read`))).toMatchObject({ status: 200, body: { id: data.id, isRead: true } });
    expect((await json(c.get('/api/alerts/low-stock'))).body).toEqual([]);
  });
});

describe('image uploads', () => {
  // A 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = (c: ApiClient, bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.append('image', new Blob([bytes], { type }), name);
    return c.post('/api/upload/image', form);
  };

  it('accepts a real PNG and serves it back byte-equal as image/png, to its owner only', async () => {
    const c = await newUser();
    const { status, body } = await json<{ url: string }>(upload(c, png, 'dot.png', 'image/png'));
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.png$/);
    const served = await c.get(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect((await (await newUser()).get(body.url)).status).toBe(404);
    expect(await json(c.post('/api/inventory', { name: 'Pictured', unitPrice: '1', imageUrl: body.url }))).toMatchObject({
      status: 201,
      body: { imageUrl: body.url },
    });
  });

  it('refuses a text file named .png and an SVG with 415, by content', async () => {
    const c = await newUser();
    const refused = { status: 415, body: { message: M.imageInvalid } };
    expect(await json(upload(c, Buffer.from('just some text'), 'fake.png', 'image/png'))).toEqual(refused);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await json(upload(c, Buffer.from(svg), 'logo.svg', 'image/svg+xml'))).toEqual(refused);
  });

  it('refuses 10 MB + 1 byte with 413', async () => {
    const c = await newUser();
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    png.copy(big);
    expect(await json(upload(c, big, 'big.png', 'image/png'))).toEqual({ status: 413, body: { message: M.imageTooLarge } });
  });
});
