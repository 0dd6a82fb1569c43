import {
  CountMessages,
  countReason,
  type CountLineView,
  type CountSummary,
  type CountView,
  type ItemView,
  type MovementEntry,
} from '@inventory/contracts';
import { ApiClient, json, signUp } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';
import { joinedAs, sharedWorkspace } from './support/workspaces.js';

/** Starting every service can take a while on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
const ROLE_FORBIDS = { message: 'Your role in this workspace does not allow this' };

let system: System;

beforeAll(async () => {
  system = await startSystem();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await system?.close();
}, HOOK_TIMEOUT_MS);

const ok = async <T>(res: Response | Promise<Response>): Promise<T> => {
  const { status, body } = await json<T>(res);
  if (status >= 300) throw new Error(`expected success, got ${status} ${JSON.stringify(body)}`);
  return body;
};

/** A shared workspace with an owner, a member and a viewer, and a place to count. */
async function team() {
  const owner = await signUp(system.baseUrl, { firstName: 'Olivia', lastName: 'Owner' });
  const workspace = await sharedWorkspace(owner.client, 'Stock room');
  const member = await joinedAs(system.baseUrl, owner.client, workspace.id, 'member', { firstName: 'Max', lastName: 'Counter' });
  const viewer = await joinedAs(system.baseUrl, owner.client, workspace.id, 'viewer', { firstName: 'Vera', lastName: 'Counter' });
  const shelf = await ok<{ id: string }>(owner.client.post('/api/locations', { name: 'Shelf A' }));
  const backroom = await ok<{ id: string }>(owner.client.post('/api/locations', { name: 'Back room' }));
  return { workspace, owner, member, viewer, shelf, backroom };
}

/** An item holding `stock` at each place given (null: at no place). */
async function item(
  client: ApiClient,
  name: string,
  unitPrice: string,
  stock: [string | null, number][],
  extra: object = {},
): Promise<ItemView> {
  const created = await ok<ItemView>(client.post('/api/inventory', { name, unitPrice, currentStock: 0, ...extra }));
  for (const [locationId, quantity] of stock) {
    await ok(client.post(`/api/inventory/${created.id}/stock`, { movementType: 'in', quantity, reason: 'Delivery', locationId }));
  }
  return ok<ItemView>(client.get(`/api/inventory/${created.id}`));
}

const countAt = (client: ApiClient, body: object = {}) => ok<CountView>(client.post('/api/counts', body));
const record = (client: ApiClient, countId: string, itemId: string, counted: unknown) =>
  client.put(`/api/counts/${countId}/lines/${itemId}`, { counted });
const lineOf = (view: CountView, itemId: string) => view.lines.find((line) => line.itemId === itemId)!;
const stockAt = (view: ItemView, locationId: string | null) =>
  view.stockByLocation.find((entry) => entry.locationId === locationId)?.quantity ?? 0;
const movementsOf = (client: ApiClient, itemId: string) => ok<MovementEntry[]>(client.get(`/api/inventory/${itemId}/movements`));
const move = (client: ApiClient, itemId: string, movementType: string, quantity: number, locationId: string | null) =>
  ok(client.post(`/api/inventory/${itemId}/stock`, { movementType, quantity, reason: 'Meanwhile', locationId }));

describe('stock counts', () => {
  it('takes lines from two counters in parallel, each with who counted it', async () => {
    const { owner, member, shelf } = await team();
    const items = await Promise.all(
      ['Bolt', 'Nut', 'Washer', 'Screw', 'Rivet', 'Pin'].map((n, i) => item(owner.client, n, '1.00', [[shelf.id, 10 + i]])),
    );
    const count = await countAt(owner.client, { locationId: shelf.id });
    expect(count).toMatchObject({ status: 'open', location: { id: shelf.id, name: 'Shelf A' }, countedItems: 0 });
    expect(count.lines.map((line) => line.name)).toEqual(['Bolt', 'Nut', 'Pin', 'Rivet', 'Screw', 'Washer']);

    // Both at once: three items each, and both on the first one (the later answer wins, both land).
    const answers = await Promise.all([
      ...items.slice(0, 3).map((it, i) => record(owner.client, count.id, it.id, 20 + i)),
      ...items.slice(3).map((it, i) => record(member.client, count.id, it.id, 30 + i)),
      record(member.client, count.id, items[0].id, 20),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);

    const view = await ok<CountView>(owner.client.get(`/api/counts/${count.id}`));
    expect(view.countedItems).toBe(6);
    expect(view.totals).toMatchObject({ items: 6, counted: 6 });
    expect(items.slice(1, 3).map((it) => lineOf(view, it.id).countedBy?.name)).toEqual(['Olivia Owner', 'Olivia Owner']);
    expect(items.slice(3).map((it) => lineOf(view, it.id))).toEqual(
      items.slice(3).map((it, i) => expect.objectContaining({ counted: 30 + i, countedBy: { id: member.user.id, name: 'Max Counter' } })),
    );
    expect(lineOf(view, items[0].id).counted).toBe(20);
    expect(Date.parse(lineOf(view, items[5].id).countedAt!)).toBeGreaterThan(Date.parse(count.createdAt) - 1000);
    expect((await ok<CountSummary[]>(member.client.get('/api/counts')))[0]).toMatchObject({ id: count.id, countedItems: 6 });
  });

  it('works out variances and their value exactly, per line and in total', async () => {
    const { owner, shelf, backroom } = await team();
    const drill = await item(owner.client, 'Drill', '19.99', [
      [shelf.id, 10],
      [backroom.id, 4],
    ]);
    const tape = await item(owner.client, 'Tape', '0.10', [[shelf.id, 3]]);
    const glue = await item(owner.client, 'Glue', '3.33', [[shelf.id, 5]]);
    const saw = await item(owner.client, 'Saw', '12.00', [[shelf.id, 8]]);
    const count = await countAt(owner.client, { locationId: shelf.id });
    expect(await ok<CountLineView>(record(owner.client, count.id, drill.id, 7))).toMatchObject({
      expected: 10,
      counted: 7,
      variance: -3,
      varianceValue: '-59.97',
      unitPrice: '19.99',
    });
    await ok(record(owner.client, count.id, tape.id, 6));
    await ok(record(owner.client, count.id, glue.id, 5));

    const view = await ok<CountView>(owner.client.get(`/api/counts/${count.id}`));
    expect(lineOf(view, tape.id)).toMatchObject({ expected: 3, counted: 6, variance: 3, varianceValue: '0.30' });
    expect(lineOf(view, glue.id)).toMatchObject({ expected: 5, counted: 5, variance: 0, varianceValue: '0.00' });
    // Not counted yet: the books' stock at the place now, nothing else.
    expect(lineOf(view, saw.id)).toMatchObject({ expected: 8, counted: null, variance: null, varianceValue: null, countedBy: null });
    expect(view.totals).toEqual({
      items: 4,
      counted: 3,
      withVariance: 2,
      netVariance: 0,
      varianceValue: '-59.67',
      surplusValue: '0.30',
      shortageValue: '59.97',
    });
  });

  it('refuses to apply items that moved at the place since they were counted, unless recounted or overridden', async () => {
    const { owner, member, shelf, backroom } = await team();
    const hammer = await item(owner.client, 'Hammer', '9.50', [
      [shelf.id, 10],
      [backroom.id, 5],
    ]);
    const level = await item(owner.client, 'Level', '4.00', [
      [shelf.id, 6],
      [backroom.id, 2],
    ]);
    const count = await countAt(owner.client, { locationId: shelf.id });
    await ok(record(owner.client, count.id, hammer.id, 8));
    await ok(record(owner.client, count.id, level.id, 6));

    // Someone issues a hammer from the shelf meanwhile; the level moves only in the back room.
    await move(member.client, hammer.id, 'out', 1, shelf.id);
    await move(member.client, level.id, 'out', 1, backroom.id);

    const refused = await json<{ message: string }>(owner.client.post(`/api/counts/${count.id}/apply`, {}));
    expect(refused).toEqual({ status: 409, body: { message: CountMessages.changedSinceCounted(['Hammer']) } });
    const view = await ok<CountView>(owner.client.get(`/api/counts/${count.id}`));
    expect(lineOf(view, hammer.id)).toMatchObject({ changedSinceCounted: true, expected: 10, currentQuantity: 9, counted: 8 });
    expect(lineOf(view, level.id)).toMatchObject({ changedSinceCounted: false });
    // Nothing was booked by the refused apply.
    expect((await movementsOf(owner.client, hammer.id)).filter((m) => m.movementType === 'adjustment')).toEqual([]);
    expect(view.status).toBe('open');

    // A recount reads the books again and clears the flag; another movement sets it again.
    expect(await ok<CountLineView>(record(member.client, count.id, hammer.id, 8))).toMatchObject({ expected: 9, variance: -1 });
    expect(lineOf(await ok<CountView>(owner.client.get(`/api/counts/${count.id}`)), hammer.id).changedSinceCounted).toBe(false);
    await move(member.client, hammer.id, 'in', 3, shelf.id);
    expect(await json(owner.client.post(`/api/counts/${count.id}/apply`))).toMatchObject({ status: 409 });

    // With override the counted quantity becomes the level, whatever the books say now (12).
    const applied = await ok<CountView>(owner.client.post(`/api/counts/${count.id}/apply`, { override: true }));
    expect(applied.status).toBe('applied');
    expect(lineOf(applied, hammer.id)).toMatchObject({ expected: 12, counted: 8, variance: -4, varianceValue: '-38.00' });
    const after = await ok<ItemView>(owner.client.get(`/api/inventory/${hammer.id}`));
    expect([stockAt(after, shelf.id), stockAt(after, backroom.id)]).toEqual([8, 5]);
  });

  it('books exactly the variances, once, with the count as the reason', async () => {
    const { owner, member, shelf, backroom } = await team();
    const short = await item(owner.client, 'Short', '2.50', [
      [shelf.id, 10],
      [backroom.id, 7],
    ]);
    const over = await item(owner.client, 'Over', '1.25', [[shelf.id, 4]]);
    const exact = await item(owner.client, 'Exact', '5.00', [[shelf.id, 9]]);
    const found = await item(owner.client, 'Found', '3.00', [[backroom.id, 2]]);
    const uncounted = await item(owner.client, 'Uncounted', '1.00', [[shelf.id, 5]]);
    const count = await countAt(owner.client, { locationId: shelf.id });
    await ok(record(owner.client, count.id, short.id, 6));
    await ok(record(member.client, count.id, over.id, 7));
    await ok(record(member.client, count.id, exact.id, 9));
    // Found on the shelf though the books keep it only in the back room.
    await ok(record(member.client, count.id, found.id, 1));
    const before = await Promise.all([short, over, exact, found, uncounted].map((it) => movementsOf(owner.client, it.id)));

    // Two applies at once: one books, the other is refused; never twice.
    const [first, second] = await Promise.all([
      json<CountView | { message: string }>(member.client.post(`/api/counts/${count.id}/apply`, {})),
      json<CountView | { message: string }>(owner.client.post(`/api/counts/${count.id}/apply`, {})),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((a) => a.status === 409)!.body).toEqual({ message: CountMessages.alreadyApplied });
    expect(await json(owner.client.post(`/api/counts/${count.id}/apply`, { override: true }))).toEqual({
      status: 409,
      body: { message: CountMessages.alreadyApplied },
    });

    const after = await Promise.all([short, over, exact, found, uncounted].map((it) => movementsOf(owner.client, it.id)));
    const added = after.map((list, i) => list.slice(0, list.length - before[i].length));
    const reason = countReason(count.createdAt);
    expect(added[0]).toEqual([
      expect.objectContaining({ movementType: 'adjustment', quantity: 6, delta: -4, locationId: shelf.id, reason }),
    ]);
    expect(added[1]).toEqual([
      expect.objectContaining({ movementType: 'adjustment', quantity: 7, delta: 3, locationId: shelf.id, reason }),
    ]);
    expect(added[2]).toEqual([]);
    expect(added[3]).toEqual([
      expect.objectContaining({ movementType: 'adjustment', quantity: 1, delta: 1, locationId: shelf.id, reason }),
    ]);
    expect(added[4]).toEqual([]);
    expect(reason).toMatch(/^Count \d{4}-\d\d-\d\d$/);

    const items = await Promise.all(
      [short, over, exact, found, uncounted].map((it) => ok<ItemView>(owner.client.get(`/api/inventory/${it.id}`))),
    );
    expect(items.map((it) => [stockAt(it, shelf.id), stockAt(it, backroom.id)])).toEqual([
      [6, 7],
      [7, 0],
      [9, 0],
      [1, 2],
      [5, 0],
    ]);

    const applied = await ok<CountView>(owner.client.get(`/api/counts/${count.id}`));
    expect(applied).toMatchObject({ status: 'applied', countedItems: 4, closedBy: { name: expect.any(String) } });
    // An applied count shows what was booked, and only the items counted.
    expect(applied.lines.map((line) => [line.name, line.expected, line.counted, line.variance, line.varianceValue])).toEqual([
      ['Exact', 9, 9, 0, '0.00'],
      ['Found', 0, 1, 1, '3.00'],
      ['Over', 4, 7, 3, '3.75'],
      ['Short', 10, 6, -4, '-10.00'],
    ]);
    expect(applied.totals).toMatchObject({ withVariance: 3, netVariance: 0, varianceValue: '-3.25' });
    expect(await json(owner.client.put(`/api/counts/${count.id}/lines/${exact.id}`, { counted: 1 }))).toEqual({
      status: 409,
      body: { message: CountMessages.notOpen },
    });
    expect(await json(owner.client.delete(`/api/counts/${count.id}`))).toEqual({
      status: 409,
      body: { message: CountMessages.alreadyApplied },
    });
  });

  it('counts the stock kept at no place when no location is given', async () => {
    const owner = await signUp(system.baseUrl);
    const jar = await item(owner.client, 'Jar', '2.00', [[null, 5]]);
    const empty = await item(owner.client, 'Lid', '0.50', []);
    const count = await countAt(owner.client);
    expect(count.location).toBeNull();
    expect(count.lines.map((line) => [line.name, line.expected])).toEqual([
      ['Jar', 5],
      ['Lid', 0],
    ]);
    await ok(record(owner.client, count.id, jar.id, 4));
    await ok(record(owner.client, count.id, empty.id, 2));
    await ok(owner.client.post(`/api/counts/${count.id}/apply`));
    expect((await ok<ItemView>(owner.client.get(`/api/inventory/${jar.id}`))).currentStock).toBe(4);
    expect((await ok<ItemView>(owner.client.get(`/api/inventory/${empty.id}`))).currentStock).toBe(2);
  });

  it('cancels an open count: nothing booked, nothing more recorded, cancelling again changes nothing', async () => {
    const owner = await signUp(system.baseUrl);
    const cup = await item(owner.client, 'Cup', '1.00', [[null, 3]]);
    const count = await countAt(owner.client);
    await ok(record(owner.client, count.id, cup.id, 1));
    expect((await owner.client.delete(`/api/counts/${count.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/counts/${count.id}`)).status).toBe(204);
    expect(await json(owner.client.post(`/api/counts/${count.id}/apply`))).toEqual({
      status: 409,
      body: { message: CountMessages.cancelled },
    });
    expect(await json(record(owner.client, count.id, cup.id, 2))).toEqual({ status: 409, body: { message: CountMessages.notOpen } });
    expect(await ok<CountView>(owner.client.get(`/api/counts/${count.id}`))).toMatchObject({ status: 'cancelled', countedItems: 1 });
    expect((await ok<ItemView>(owner.client.get(`/api/inventory/${cup.id}`))).currentStock).toBe(3);
    // An empty count cannot be applied.
    const next = await countAt(owner.client);
    expect(await json(owner.client.post(`/api/counts/${next.id}/apply`))).toEqual({
      status: 409,
      body: { message: CountMessages.nothingCounted },
    });
  });

  it('keeps a category count to its category', async () => {
    const owner = await signUp(system.baseUrl);
    const paint = await ok<{ id: string }>(owner.client.post('/api/categories', { name: 'Paint' }));
    const red = await item(owner.client, 'Red', '4.00', [[null, 2]], { categoryId: paint.id });
    const brush = await item(owner.client, 'Brush', '2.00', [[null, 2]]);
    const count = await countAt(owner.client, { categoryId: paint.id });
    expect(count.category).toEqual({ id: paint.id, name: 'Paint' });
    expect(count.lines.map((line) => line.itemId)).toEqual([red.id]);
    expect(await json(record(owner.client, count.id, brush.id, 1))).toEqual({
      status: 409,
      body: { message: CountMessages.outOfCategory },
    });
  });

  it('lets a viewer read counts but not write; another workspace sees none of it', async () => {
    const { owner, viewer, shelf } = await team();
    const rope = await item(owner.client, 'Rope', '3.00', [[shelf.id, 2]]);
    const count = await countAt(owner.client, { locationId: shelf.id });
    await ok(record(owner.client, count.id, rope.id, 1));
    const outsider = await signUp(system.baseUrl);
    const theirs = await item(outsider.client, 'Their rope', '3.00', [[null, 2]]);
    const theirPlace = await ok<{ id: string }>(outsider.client.post('/api/locations', { name: 'Their shelf' }));

    // Reads: a viewer sees everything; an outsider sees nothing of it.
    expect((await ok<CountSummary[]>(viewer.client.get('/api/counts'))).map((c) => c.id)).toEqual([count.id]);
    expect((await ok<CountView>(viewer.client.get(`/api/counts/${count.id}`))).lines).toHaveLength(1);
    expect(await ok<CountSummary[]>(outsider.client.get('/api/counts'))).toEqual([]);
    expect(await json(outsider.client.get(`/api/counts/${count.id}`))).toEqual({ status: 404, body: { message: CountMessages.notFound } });

    // Writes: 403 for the viewer, 404 for the outsider (as if the count did not exist).
    const writes = [
      (c: ApiClient) => c.post('/api/counts', { locationId: shelf.id }),
      (c: ApiClient) => record(c, count.id, rope.id, 5),
      (c: ApiClient) => c.post(`/api/counts/${count.id}/apply`, { override: true }),
      (c: ApiClient) => c.delete(`/api/counts/${count.id}`),
    ];
    for (const write of writes) expect(await json(write(viewer.client))).toEqual({ status: 403, body: ROLE_FORBIDS });
    for (const write of writes.slice(1)) expect(await json(write(outsider.client))).toMatchObject({ status: 404 });
    // Somebody else's place or item is not found either.
    expect(await json(outsider.client.post('/api/counts', { locationId: shelf.id }))).toEqual({
      status: 404,
      body: { message: 'Location not found' },
    });
    expect(await json(owner.client.post('/api/counts', { locationId: theirPlace.id }))).toEqual({
      status: 404,
      body: { message: 'Location not found' },
    });
    expect(await json(record(owner.client, count.id, theirs.id, 1))).toEqual({ status: 404, body: { message: 'Item not found' } });

    const unchanged = await ok<CountView>(owner.client.get(`/api/counts/${count.id}`));
    expect(unchanged).toMatchObject({ status: 'open', countedItems: 1 });
    expect(lineOf(unchanged, rope.id).counted).toBe(1);
  });

  it('answers bad input with a 400 naming the rule, and unknown ids with a 404', async () => {
    const owner = await signUp(system.baseUrl);
    const box = await item(owner.client, 'Box', '1.00', [[null, 1]]);
    const count = await countAt(owner.client);
    for (const counted of [-1, 1.5, '3', null, 1_000_000_001, undefined]) {
      expect(await json(record(owner.client, count.id, box.id, counted))).toEqual({
        status: 400,
        body: { message: CountMessages.countedInvalid },
      });
    }
    expect(await json(owner.client.post(`/api/counts/${count.id}/apply`, { override: 'yes' }))).toEqual({
      status: 400,
      body: { message: CountMessages.overrideInvalid },
    });
    expect(await json(owner.client.post('/api/counts', { locationId: 42 }))).toMatchObject({ status: 400 });
    expect(await json(owner.client.post('/api/counts', { categoryId: 'x'.repeat(101) }))).toMatchObject({ status: 400 });
    expect(await json(owner.client.post('/api/counts', { workspaceId: 'elsewhere' }))).toMatchObject({ status: 400 });
    expect(await json(owner.client.post('/api/counts', { locationId: 'not-a-place' }))).toEqual({
      status: 404,
      body: { message: 'Location not found' },
    });
    expect(await json(owner.client.get('/api/counts/not-a-count'))).toEqual({ status: 404, body: { message: CountMessages.notFound } });
    expect(await json(record(owner.client, count.id, 'not-an-item', 1))).toEqual({ status: 404, body: { message: 'Item not found' } });
    expect(await json(owner.client.put(`/api/counts/${count.id}/lines/${box.id}`, { counted: 1, extra: true }))).toMatchObject({
      status: 400,
    });
    // Nothing was recorded by any of it.
    expect((await ok<CountView>(owner.client.get(`/api/counts/${count.id}`))).countedItems).toBe(0);
  });
});
