import type { ItemView, LocationView } from '@inventory/contracts';
import { CodeMessages } from '@inventory/contracts';
import { SafeInputMessages } from '@inventory/platform';
import { json, signUp, type ApiClient } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';
import { joinedAs, sharedWorkspace } from './support/workspaces.js';

let system: System;
beforeAll(async () => {
  system = await startSystem();
});
afterAll(() => system?.close());

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const answer = await json<T>(res);
  expect(answer).toMatchObject({ status });
  return answer.body;
}

const EAN = () => `400${Date.now() % 1e9}`.padEnd(13, '7');
const byCode = (client: ApiClient, code: string) => client.get(`/api/inventory/by-code/${encodeURIComponent(code)}`);
const newItem = (client: ApiClient, body: Record<string, unknown>) =>
  ok<ItemView>(client.post('/api/inventory', { unitPrice: '1.00', ...body }), 201);

describe('codes on items', () => {
  it('every item has its own short code, found as printed, typed in lower case or with a dash', async () => {
    const { client } = await signUp(system.baseUrl);
    const item = await newItem(client, { name: 'Drill' });
    expect(item.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(item.barcodes).toEqual([]);
    for (const typed of [item.code, item.code.toLowerCase(), `${item.code.slice(0, 5)}-${item.code.slice(5)}`])
      expect(await ok<ItemView>(byCode(client, typed))).toMatchObject({ id: item.id, code: item.code });
    // The list and the single item say the same.
    expect(await ok<ItemView>(client.get(`/api/inventory/${item.id}`))).toMatchObject({ code: item.code, barcodes: [] });
  });

  it('finds an item by an EAN-13, a Code 128 text with any characters, or its SKU', async () => {
    const { client } = await signUp(system.baseUrl);
    const ean = EAN();
    const code128 = 'BOX/12 #A-7';
    const item = await newItem(client, { name: 'Screws', sku: 'SCR-4', barcodes: [` ${ean} `, code128] });
    expect(item.barcodes).toEqual([ean, code128]);
    for (const code of [ean, code128, 'scr-4']) expect(await ok<ItemView>(byCode(client, code))).toMatchObject({ id: item.id });
    expect(await json(byCode(client, '0000000000000'))).toEqual({ status: 404, body: { message: CodeMessages.itemCodeNotFound } });
    // The inventory search matches a whole barcode too.
    const found = await ok<ItemView[]>(client.get(`/api/inventory?search=${encodeURIComponent(code128)}`));
    expect(found.map((i) => i.id)).toEqual([item.id]);
  });

  it('keeps a barcode to one item of a workspace, and frees it when the item is archived', async () => {
    const { client } = await signUp(system.baseUrl);
    const ean = EAN();
    const first = await newItem(client, { name: 'Glue', barcodes: [ean] });
    expect(await json(client.post('/api/inventory', { name: 'Tape', unitPrice: '1.00', barcodes: [ean] }))).toEqual({
      status: 409,
      body: { message: CodeMessages.barcodeTaken(ean) },
    });
    const second = await newItem(client, { name: 'Tape' });
    expect(await json(client.patch(`/api/inventory/${second.id}`, { barcodes: ['OTHER-1', ean] }))).toEqual({
      status: 409,
      body: { message: CodeMessages.barcodeTaken(ean) },
    });
    // Nothing of the refused edit was written.
    expect(await ok<ItemView>(client.get(`/api/inventory/${second.id}`))).toMatchObject({ barcodes: [] });
    // Two writes racing for one barcode: exactly one gets it.
    const race = await Promise.all(
      ['A', 'B'].map((n) => json(client.post('/api/inventory', { name: n, unitPrice: '1', barcodes: ['RACE'] }))),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(race.find((r) => r.status === 409)?.body).toHaveProperty('message');
    // Removing it from an item, or archiving the item, lets another take it.
    await ok(client.patch(`/api/inventory/${first.id}`, { barcodes: [] }));
    expect(await ok<ItemView>(client.patch(`/api/inventory/${second.id}`, { barcodes: [ean] }))).toMatchObject({ barcodes: [ean] });
    await ok(client.delete(`/api/inventory/${second.id}`), 204);
    expect(await json(byCode(client, ean))).toMatchObject({ status: 404 });
    expect(await ok<ItemView>(client.patch(`/api/inventory/${first.id}`, { barcodes: [ean] }))).toMatchObject({ barcodes: [ean] });
  });

  it('refuses barcodes that are not a short list of different texts, with a clear message', async () => {
    const { client } = await signUp(system.baseUrl);
    const bad = [['A', 'A'], [''], ['x'.repeat(101)], Array.from({ length: 11 }, (_, i) => `B${i}`), 'EAN', [12], [{}]];
    for (const barcodes of bad)
      expect(await json(client.post('/api/inventory', { name: 'X', unitPrice: '1', barcodes }))).toEqual({
        status: 400,
        body: { message: CodeMessages.barcodesInvalid },
      });
    expect(await json(byCode(client, 'x'.repeat(101)))).toEqual({ status: 400, body: { message: CodeMessages.codeInvalid } });
    // Control characters are refused at the edge, in a path as in a list (hardening, docs/security.md).
    expect(await json(byCode(client, 'AB\u0000CD'))).toEqual({ status: 400, body: { message: SafeInputMessages.unsafeText('code') } });
    expect(await json(client.post('/api/inventory', { name: 'X', unitPrice: '1', barcodes: ['A\u0007'] }))).toMatchObject({ status: 400 });
    expect(await ok<ItemView[]>(client.get('/api/inventory'))).toEqual([]);
  });

  it('resolves codes within the workspace only: the same barcode may live in another; its codes answer 404 here', async () => {
    const alice = await signUp(system.baseUrl);
    const bob = await signUp(system.baseUrl);
    const ean = EAN();
    const hers = await newItem(alice.client, { name: 'Hammer', barcodes: [ean] });
    const his = await newItem(bob.client, { name: 'Hammer', barcodes: [ean] });
    expect(await ok<ItemView>(byCode(bob.client, ean))).toMatchObject({ id: his.id });
    expect(await json(byCode(bob.client, hers.code))).toEqual({ status: 404, body: { message: CodeMessages.itemCodeNotFound } });
    expect(await ok<ItemView>(byCode(alice.client, ean))).toMatchObject({ id: hers.id });
  });

  it('lets a viewer look codes up but not change barcodes', async () => {
    const owner = await signUp(system.baseUrl);
    const workspace = await sharedWorkspace(owner.client);
    const ean = EAN();
    const item = await newItem(owner.client, { name: 'Saw', barcodes: [ean] });
    const viewer = await joinedAs(system.baseUrl, owner.client, workspace.id, 'viewer');
    expect(await ok<ItemView>(byCode(viewer.client, ean))).toMatchObject({ id: item.id });
    expect(await json(viewer.client.patch(`/api/inventory/${item.id}`, { barcodes: [] }))).toMatchObject({ status: 403 });
    const member = await joinedAs(system.baseUrl, owner.client, workspace.id, 'member');
    expect(await ok<ItemView>(member.client.patch(`/api/inventory/${item.id}`, { barcodes: [ean, 'CASE-6'] }))).toMatchObject({
      barcodes: [ean, 'CASE-6'],
    });
  });
});

describe('codes on locations', () => {
  it('every location has a short code, found as typed, in its own workspace only', async () => {
    const alice = await signUp(system.baseUrl);
    const bob = await signUp(system.baseUrl);
    const shelf = await ok<LocationView>(alice.client.post('/api/locations', { name: 'Shelf A', type: 'Storage' }), 201);
    expect(shelf.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(await ok<LocationView>(alice.client.get(`/api/locations/by-code/${shelf.code.toLowerCase()}`))).toMatchObject({ id: shelf.id });
    expect(await json(bob.client.get(`/api/locations/by-code/${shelf.code}`))).toEqual({
      status: 404,
      body: { message: CodeMessages.locationCodeNotFound },
    });
    expect(await json(alice.client.get('/api/locations/by-code/not-a-code'))).toEqual({
      status: 404,
      body: { message: CodeMessages.locationCodeNotFound },
    });
  });
});
