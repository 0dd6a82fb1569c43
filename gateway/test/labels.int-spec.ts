import {
  InventoryMessages,
  LabelMessages,
  LabelPaths,
  MAX_LABELS,
  type ItemView,
  type LabelLayout,
  type LocationView,
} from '@inventory/contracts';
import { eventually } from '@inventory/platform/testing';
import { getEnv } from '../../services/inventory/src/config/env.js';
import { json, signUp, type ApiClient } from './support/api-client.js';
import { decodeLabelQrCodes, pageCountOf } from './support/labels.js';
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

const newItem = (client: ApiClient, body: Record<string, unknown>) =>
  ok<ItemView>(client.post('/api/inventory', { unitPrice: '1.00', ...body }), 201);

/** A label PDF, once its answer is what every label route sends. */
async function labelsPdf(client: ApiClient, path: string): Promise<Buffer> {
  const res = await client.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="(item|location)-labels-[\w-]+\.pdf"$/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return Buffer.from(await res.arrayBuffer());
}

// The services run in this process: the URL their labels point at is the inventory service's own setting.
const publicUrl = () => getEnv().PUBLIC_URL.replace(/\/+$/, '');
const itemUrl = (item: ItemView) => `${publicUrl()}${LabelPaths.item(item.code)}`;

describe('GET /api/labels/items.pdf', () => {
  let user: Awaited<ReturnType<typeof signUp>>;
  let items: ItemView[];

  beforeAll(async () => {
    user = await signUp(system.baseUrl);
    items = [];
    // Thirty items: some with a SKU, some with barcodes (an EAN-13, a Code 128 text), names short and long.
    for (let i = 0; i < 30; i++)
      items.push(
        await newItem(user.client, {
          name: i % 4 === 0 ? `Cordless drill ${i}, 18 V, with two batteries and a case` : `Bolt M${i}`,
          ...(i % 3 !== 0 && { sku: `SKU-${i}` }),
          ...(i % 2 === 0 && { barcodes: [`400638133${String(1000 + i)}`, `CASE/${i}`] }),
        }),
      );
  });

  it.each([
    ['a4-3x8', 2],
    ['letter-2x7', 3],
    ['single', 30],
  ] as [LabelLayout, number][])(
    'on %s prints one label per item, in order, on %i pages; every QR code opens its item',
    async (layout, pages) => {
      const ids = items.map((item) => item.id).join(',');
      const pdf = await labelsPdf(user.client, `/api/labels/items.pdf?ids=${ids}&layout=${layout}`);
      expect(await pageCountOf(pdf)).toBe(pages);
      expect(await decodeLabelQrCodes(pdf, layout)).toEqual(items.map(itemUrl));
    },
  );

  it('prints on A4 3 × 8 when no layout is named, and a repeated id as another copy', async () => {
    const [first, second] = items;
    const pdf = await labelsPdf(user.client, `/api/labels/items.pdf?ids=${first.id},${second.id},${first.id}`);
    expect(await pageCountOf(pdf)).toBe(1);
    expect(await decodeLabelQrCodes(pdf, 'a4-3x8')).toEqual([first, second, first].map(itemUrl));
  });

  it('prints every active item of a category or of a place, by name, and not an archived one', async () => {
    const { client } = await signUp(system.baseUrl);
    const category = await ok<{ id: string }>(client.post('/api/categories', { name: 'Fasteners' }), 201);
    const shelf = await ok<LocationView>(client.post('/api/locations', { name: 'Shelf 1' }), 201);
    const nuts = await newItem(client, { name: 'Nuts', categoryId: category.id, locationId: shelf.id });
    const bolts = await newItem(client, { name: 'Bolts', categoryId: category.id });
    const archived = await newItem(client, { name: 'Anchors', categoryId: category.id, locationId: shelf.id });
    await ok(client.delete(`/api/inventory/${archived.id}`), 204);
    await newItem(client, { name: 'Elsewhere' });

    const byCategory = await labelsPdf(client, `/api/labels/items.pdf?categoryId=${category.id}`);
    expect(await decodeLabelQrCodes(byCategory, 'a4-3x8')).toEqual([bolts, nuts].map(itemUrl));
    const atPlace = await labelsPdf(client, `/api/labels/items.pdf?locationId=${shelf.id}&layout=single`);
    expect(await decodeLabelQrCodes(atPlace, 'single')).toEqual([itemUrl(nuts)]);
  });

  it("answers 404 for another workspace's item, category or place, and prints nothing of it", async () => {
    const bob = await signUp(system.baseUrl);
    const his = await newItem(bob.client, { name: 'Secret' });
    const hisCategory = await ok<{ id: string }>(bob.client.post('/api/categories', { name: 'Private' }), 201);
    const notFound = (message: string) => ({ status: 404, body: { message } });
    expect(await json(user.client.get(`/api/labels/items.pdf?ids=${his.id}`))).toEqual(notFound(InventoryMessages.itemNotFound));
    expect(await json(user.client.get(`/api/labels/items.pdf?ids=${items[0].id},${his.id}`))).toEqual(
      notFound(InventoryMessages.itemNotFound),
    );
    expect(await json(user.client.get('/api/labels/items.pdf?ids=not-an-id'))).toEqual(notFound(InventoryMessages.itemNotFound));
    expect(await json(user.client.get(`/api/labels/items.pdf?categoryId=${hisCategory.id}`))).toEqual(
      notFound(InventoryMessages.categoryNotFound),
    );
  });

  it(`refuses more than ${MAX_LABELS} labels, no choice or two, and an unknown layout, with a clear 400`, async () => {
    const bad = (query: string) => json(user.client.get(`/api/labels/items.pdf?${query}`));
    const tooMany = Array.from({ length: MAX_LABELS + 1 }, () => items[0].id.slice(0, 8)).join(',');
    expect(await bad(`ids=${tooMany}`)).toEqual({ status: 400, body: { message: LabelMessages.tooMany } });
    expect(await bad('')).toEqual({ status: 400, body: { message: LabelMessages.chooseItems } });
    expect(await bad(`ids=${items[0].id}&categoryId=${items[0].id}`)).toEqual({
      status: 400,
      body: { message: LabelMessages.chooseItems },
    });
    expect(await bad(`ids=${items[0].id}&layout=5x13`)).toEqual({ status: 400, body: { message: LabelMessages.layoutInvalid } });
    expect(await bad('ids=,')).toEqual({ status: 400, body: { message: LabelMessages.idsInvalid } });
  });

  it('lets a viewer print labels', async () => {
    const owner = await signUp(system.baseUrl);
    const workspace = await sharedWorkspace(owner.client);
    const saw = await newItem(owner.client, { name: 'Saw', barcodes: ['SAW-1'] });
    const viewer = await joinedAs(system.baseUrl, owner.client, workspace.id, 'viewer');
    const pdf = await labelsPdf(viewer.client, `/api/labels/items.pdf?ids=${saw.id}&layout=letter-2x7`);
    expect(await decodeLabelQrCodes(pdf, 'letter-2x7')).toEqual([itemUrl(saw)]);
  });
});

describe('GET /api/labels/locations.pdf', () => {
  it("prints the places named, or all of them, each QR code opening the place; another workspace's place is 404", async () => {
    const { client } = await signUp(system.baseUrl);
    const bob = await signUp(system.baseUrl);
    const back = await ok<LocationView>(client.post('/api/locations', { name: 'Back room', type: 'Storage' }), 201);
    const front = await ok<LocationView>(client.post('/api/locations', { name: 'Front desk', type: 'Office' }), 201);
    const his = await ok<LocationView>(bob.client.post('/api/locations', { name: 'His shed' }), 201);
    const placeUrl = (place: LocationView) => `${publicUrl()}${LabelPaths.location(place.code)}`;

    const named = await labelsPdf(client, `/api/labels/locations.pdf?ids=${front.id},${back.id}&layout=single`);
    expect(await pageCountOf(named)).toBe(2);
    expect(await decodeLabelQrCodes(named, 'single')).toEqual([front, back].map(placeUrl));
    // Every place, by name, once the inventory service has learnt of both.
    const all = await eventually(async () => {
      const codes = await decodeLabelQrCodes(await labelsPdf(client, '/api/labels/locations.pdf'), 'a4-3x8');
      return codes.length === 2 ? codes : null;
    });
    expect(all).toEqual([back, front].map(placeUrl));
    expect(await json(client.get(`/api/labels/locations.pdf?ids=${his.id}`))).toEqual({
      status: 404,
      body: { message: InventoryMessages.locationNotFound },
    });
  });
});
