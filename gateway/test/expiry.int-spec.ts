import type { ExpiringLotView, InventorySettings, ItemView, MovementEntry, MovementResult } from '@inventory/contracts';
import { ApiClient, json, signUp, type SignedUp } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';
import { joinedAs, sharedWorkspace } from './support/workspaces.js';

/**
 * Lots and expiry dates through the API (docs/expiry.md): receipts into lots, earliest expiry
 * first, named lots moved and counted, the nearest expiry on the item, the list's filters, the
 * Expiring report and the warning setting, with the workspace matrix. Notifications: notifications.int-spec.
 */
let system: System;
let owner: SignedUp;
let viewer: SignedUp;
let member: SignedUp;
let outsider: SignedUp;

beforeAll(async () => {
  system = await startSystem();
  owner = await signUp(system.baseUrl, { firstName: 'Olga' });
  const workspace = await sharedWorkspace(owner.client, 'Deli');
  viewer = await joinedAs(system.baseUrl, owner.client, workspace.id, 'viewer');
  member = await joinedAs(system.baseUrl, owner.client, workspace.id, 'member');
  outsider = await signUp(system.baseUrl);
}, 60_000);
afterAll(() => system?.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function ok<T>(res: Promise<Response>): Promise<T> {
  const { status, body } = await json<T>(res);
  if (status >= 300) throw new Error(`expected success, got ${status} ${JSON.stringify(body)}`);
  return body;
}

const addItem = (client: ApiClient, name: string, over: object = {}) =>
  ok<ItemView>(client.post('/api/inventory', { name, unitPrice: '2.00', reorderLevel: 0, ...over }));
const move = (client: ApiClient, item: ItemView, body: object) =>
  ok<MovementResult>(client.post(`/api/inventory/${item.id}/stock`, { reason: 'test', ...body }));
const lotsOf = (item: ItemView) =>
  (item.lots ?? []).map((lot) => `${lot.locationName ?? '-'}:${lot.lot ?? '-'}:${lot.expiresOn ?? '-'}=${lot.quantity}`);

describe('lots', () => {
  it('receives into lots, issues the earliest expiry first, and shows the nearest expiry', async () => {
    const item = await addItem(owner.client, 'Yoghurt', { currentStock: 2 });
    expect(item).not.toHaveProperty('lots');
    expect(item).not.toHaveProperty('nearestExpiry');
    await move(owner.client, item, { movementType: 'in', quantity: 4, lot: 'L-200', expiresOn: day(20) });
    const second = await move(member.client, item, { movementType: 'in', quantity: 3, expiresOn: day(5) });
    expect(second.movement.lots).toEqual([{ lot: null, expiresOn: day(5), quantity: 3 }]);
    expect(second.item.nearestExpiry).toBe(day(5));

    const issued = await move(member.client, item, { movementType: 'out', quantity: 5 });
    expect(issued.movement.lots).toEqual([
      { lot: null, expiresOn: day(5), quantity: 3 },
      { lot: 'L-200', expiresOn: day(20), quantity: 2 },
    ]);
    expect(lotsOf(issued.item)).toEqual([`-:L-200:${day(20)}=2`]);
    expect(issued.item.currentStock).toBe(4);
    expect(issued.item.nearestExpiry).toBe(day(20));

    // The timeline shows the lots; undoing the issue puts them back.
    const timeline = await ok<MovementEntry[]>(owner.client.get(`/api/inventory/${item.id}/movements`));
    expect(timeline[0].lots).toHaveLength(2);
    const undone = await ok<MovementResult>(owner.client.post(`/api/inventory/${item.id}/movements/${issued.movement.id}/undo`, {}));
    expect(lotsOf(undone.item)).toEqual([`-:-:${day(5)}=3`, `-:L-200:${day(20)}=4`]);
    expect(undone.item.nearestExpiry).toBe(day(5));
  });

  it('registers an item with its opening stock in a lot', async () => {
    const item = await addItem(owner.client, 'Butter', { currentStock: 5, lot: 'B-1', expiresOn: day(6) });
    expect([lotsOf(item), item.nearestExpiry]).toEqual([[`-:B-1:${day(6)}=5`], day(6)]);
    expect(
      await json(owner.client.post('/api/inventory', { name: 'Cream', unitPrice: '1.00', currentStock: 1, expiresOn: 'soon' })),
    ).toEqual({
      status: 400,
      body: { message: 'Expiry date must be a date such as 2027-01-31' },
    });
  });

  it('moves a named lot between places and counts a lot', async () => {
    const place = async (name: string) => ok<{ id: string }>(owner.client.post('/api/locations', { name }));
    const [cellar, shop] = [await place(`Cellar ${Date.now()}`), await place(`Shop ${Date.now()}`)];
    const item = await addItem(owner.client, 'Cheese');
    await move(owner.client, item, { movementType: 'in', quantity: 5, lot: 'A', expiresOn: day(10), locationId: cellar.id });
    await move(owner.client, item, { movementType: 'in', quantity: 5, lot: 'B', expiresOn: day(3), locationId: cellar.id });
    const moved = await ok<MovementResult>(
      member.client.post(`/api/inventory/${item.id}/transfer`, {
        fromLocationId: cellar.id,
        toLocationId: shop.id,
        quantity: 2,
        lot: 'A',
        reason: 'Shelf',
      }),
    );
    // Earliest expiry first (B); the places of one lot in no particular order.
    const where = (id: string | null) => (id === cellar.id ? 'cellar' : 'shop');
    const lots = moved.item.lots!.map((lot) => `${lot.lot}@${where(lot.locationId)}=${lot.quantity}`);
    expect([lots[0], [...lots.slice(1)].sort()]).toEqual(['B@cellar=5', ['A@cellar=3', 'A@shop=2']]);
    const counted = await move(member.client, item, { movementType: 'adjustment', quantity: 1, lot: 'B', locationId: cellar.id });
    expect(Object.fromEntries(counted.item.stockByLocation.map((entry) => [where(entry.locationId), entry.quantity]))).toEqual({
      cellar: 4,
      shop: 2,
    });
    expect(
      await json(
        member.client.post(`/api/inventory/${item.id}/stock`, {
          movementType: 'out',
          quantity: 3,
          lot: 'B',
          locationId: cellar.id,
          reason: 'x',
        }),
      ),
    ).toEqual({
      status: 409,
      body: { message: 'Insufficient stock: 1 available in lot B there' },
    });
  });

  it('refuses bad lots and dates with a clear message, and records nothing', async () => {
    const item = await addItem(owner.client, 'Milk', { currentStock: 5 });
    const cases: [object, string][] = [
      [{ movementType: 'in', quantity: 1, expiresOn: '2027-02-30' }, 'Expiry date must be a date such as 2027-01-31'],
      [{ movementType: 'in', quantity: 1, expiresOn: '31/01/2027' }, 'Expiry date must be a date such as 2027-01-31'],
      [{ movementType: 'in', quantity: 1, expiresOn: 20270131 }, 'Expiry date must be a date such as 2027-01-31'],
      [{ movementType: 'in', quantity: 1, lot: 'x'.repeat(101) }, 'Lot must be text of at most 100 characters'],
      [{ movementType: 'out', quantity: 1, expiresOn: day(3) }, 'An expiry date can be given only when stock comes in'],
    ];
    for (const [body, message] of cases) {
      expect(await json(owner.client.post(`/api/inventory/${item.id}/stock`, { reason: 'x', ...body }))).toEqual({
        status: 400,
        body: { message },
      });
    }
    await move(owner.client, item, { movementType: 'in', quantity: 1, lot: 'M1', expiresOn: day(4) });
    expect(
      await json(
        owner.client.post(`/api/inventory/${item.id}/stock`, {
          reason: 'x',
          movementType: 'in',
          quantity: 1,
          lot: 'M1',
          expiresOn: day(9),
        }),
      ),
    ).toEqual({
      status: 400,
      body: { message: `Lot M1 is already recorded with expiry date ${day(4)}` },
    });
    const after = await ok<ItemView>(owner.client.get(`/api/inventory/${item.id}`));
    expect([after.currentStock, lotsOf(after)]).toEqual([6, [`-:M1:${day(4)}=1`]]);
    expect(await json(owner.client.get('/api/inventory?expiry=soon'))).toEqual({
      status: 400,
      body: { message: 'expiry must be one of: expiring, expired' },
    });
  });
});

describe('expiry filters, report and setting', () => {
  it('lists items expiring within the warning days or expired, reports their lots, and follows the setting', async () => {
    const soon = await addItem(owner.client, 'Soon bread');
    await move(owner.client, soon, { movementType: 'in', quantity: 2, expiresOn: day(3) });
    const later = await addItem(owner.client, 'Later jam');
    await move(owner.client, later, { movementType: 'in', quantity: 2, expiresOn: day(12) });
    const gone = await addItem(owner.client, 'Gone cream');
    await move(owner.client, gone, { movementType: 'in', quantity: 1, lot: 'C9', expiresOn: day(-2) });
    const archived = await addItem(owner.client, 'Archived ham');
    await move(owner.client, archived, { movementType: 'in', quantity: 1, expiresOn: day(1) });
    expect((await owner.client.request('DELETE', `/api/inventory/${archived.id}`)).status).toBe(204);

    const names = async (client: ApiClient, filter: string) =>
      (await ok<ItemView[]>(client.get(`/api/inventory?expiry=${filter}`)))
        .map((item) => item.name)
        .filter((name) => /bread|jam|cream|ham/.test(name));
    expect(await names(viewer.client, 'expiring')).toEqual(['Soon bread']);
    expect(await names(viewer.client, 'expired')).toEqual(['Gone cream']);
    expect(await ok<InventorySettings>(viewer.client.get('/api/inventory/settings'))).toEqual({ expiryWarningDays: 7 });

    const report = await ok<ExpiringLotView[]>(viewer.client.get('/api/inventory/expiring'));
    expect(
      report
        .filter((lot) => /bread|jam|cream|ham/.test(lot.itemName))
        .map((lot) => [lot.itemName, lot.lot, lot.daysLeft, lot.quantity, lot.value]),
    ).toEqual([
      ['Gone cream', 'C9', -2, 1, '2.00'],
      ['Soon bread', null, 3, 2, '4.00'],
    ]);

    // Viewers and members may not change the setting; owners may, and the filter follows.
    for (const client of [viewer.client, member.client]) {
      expect(await json(client.patch('/api/inventory/settings', { expiryWarningDays: 14 }))).toEqual({
        status: 403,
        body: { message: 'Your role in this workspace does not allow this' },
      });
    }
    expect(await json(owner.client.patch('/api/inventory/settings', { expiryWarningDays: 400 }))).toEqual({
      status: 400,
      body: { message: 'Expiry warning must be a whole number of days from 0 to 365' },
    });
    expect(await ok(owner.client.patch('/api/inventory/settings', { expiryWarningDays: 14 }))).toEqual({ expiryWarningDays: 14 });
    expect(await names(member.client, 'expiring')).toEqual(['Later jam', 'Soon bread']);

    // Another workspace sees none of it, and has its own setting.
    expect(await ok<ExpiringLotView[]>(outsider.client.get('/api/inventory/expiring'))).toEqual([]);
    expect(await ok<ItemView[]>(outsider.client.get('/api/inventory?expiry=expired'))).toEqual([]);
    expect(await ok(outsider.client.get('/api/inventory/settings'))).toEqual({ expiryWarningDays: 7 });
    expect(
      (await json(outsider.client.post(`/api/inventory/${soon.id}/stock`, { movementType: 'out', quantity: 1, reason: 'x' }))).status,
    ).toBe(404);
    expect((await new ApiClient(system.baseUrl).get('/api/inventory/expiring')).status).toBe(401);
  });
});
