import { LocationMessages, type LocationTreeNode, type LocationView } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import { ApiClient, signUp, json } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

let system: System;
const newUser = async () => (await signUp(system.baseUrl)).client;
const createLocation = async (c: ApiClient, body: object) => (await json<LocationView>(c.post('/api/locations', body))).body;
const names = async (c: ApiClient, query = '') => (await json<LocationView[]>(c.get(`/api/locations${query}`))).body.map((l) => l.name);

beforeAll(async () => {
  system = await startSystem();
});
afterAll(async () => {
  await system?.close();
});

describe('/api/locations', () => {
  it('needs a signed-in user', async () => {
    expect((await new ApiClient(system.baseUrl).get('/api/locations')).status).toBe(401);
  });

  it('creates, lists, filters, updates and deletes locations', async () => {
    const c = await newUser();
    const created = await json<LocationView>(c.post('/api/locations', { name: 'Head office', description: 'Main site' }));
    expect(created).toEqual({
      status: 201,
      body: expect.objectContaining({ name: 'Head office', type: 'Office', parentLocationId: null, itemCount: 0 }),
    });
    const office = created.body;
    await createLocation(c, { name: 'Stock room', type: 'Storage', parentLocationId: office.id });

    expect(await names(c)).toEqual(['Head office', 'Stock room']);
    expect(await names(c, '?search=STOCK')).toEqual(['Stock room']);
    expect(await names(c, '?type=Storage')).toEqual(['Stock room']);
    expect(await names(c, '?type=')).toEqual(['Head office', 'Stock room']); // 'All Types'

    expect(await json(c.put(`/api/locations/${office.id}`, { name: 'HQ', type: 'Clinic' }))).toEqual({
      status: 200,
      body: { ...office, name: 'HQ', type: 'Clinic' },
    });
    expect((await c.delete(`/api/locations/${office.id}`)).status).toBe(204);
    expect(await json(c.get(`/api/locations/${office.id}`))).toEqual({ status: 404, body: { message: 'Location not found' } });
  });

  it('answers ?tree=true nested for the parent picker', async () => {
    const c = await newUser();
    const home = await createLocation(c, { name: 'Home', type: 'Home' });
    const kitchen = await createLocation(c, { name: 'Kitchen', type: 'Room', parentLocationId: home.id });
    await createLocation(c, { name: 'Pantry', type: 'Storage', parentLocationId: kitchen.id });
    const { body: tree } = await json<LocationTreeNode[]>(c.get('/api/locations?tree=true'));
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ name: 'Home', children: [{ name: 'Kitchen', children: [{ name: 'Pantry', children: [] }] }] });
    // A limit would cut branches off: the tree leaves it out.
    expect((await json<LocationTreeNode[]>(c.get('/api/locations?tree=true&limit=1'))).body).toEqual(tree);
  });

  it('answers one level of the tree at a time with parentId, each node saying whether it has more below', async () => {
    const c = await newUser();
    const home = await createLocation(c, { name: 'Home', type: 'Home' });
    const garage = await createLocation(c, { name: 'garage', type: 'Room' });
    const kitchen = await createLocation(c, { name: 'Kitchen', type: 'Room', parentLocationId: home.id });
    const pantry = await createLocation(c, { name: 'Pantry', type: 'Storage', parentLocationId: kitchen.id });
    const level = async (parentId: string) =>
      (await json<LocationTreeNode[]>(c.get(`/api/locations?tree=true&parentId=${parentId}`))).body.map((node) => [
        node.name,
        node.hasChildren,
        node.children.length,
      ]);
    expect(await level('root')).toEqual([
      ['garage', false, 0],
      ['Home', true, 0],
    ]);
    expect(await level(home.id)).toEqual([['Kitchen', true, 0]]);
    expect(await level(kitchen.id)).toEqual([['Pantry', false, 0]]);
    expect(await level(pantry.id)).toEqual([]);
    expect(await names(c, `?parentId=${home.id}`)).toEqual(['Kitchen']);
    // The whole tree says it too.
    const { body: tree } = await json<LocationTreeNode[]>(c.get('/api/locations?tree=true'));
    expect(tree.map((node) => [node.name, node.hasChildren])).toEqual([
      ['garage', false],
      ['Home', true],
    ]);
    // Another workspace's place has nothing inside it here; a parentId that is no id is refused.
    expect(await json(c.get(`/api/locations?tree=true&parentId=${garage.id}`))).toEqual({ status: 200, body: [] });
    const other = await newUser();
    expect(await json(other.get(`/api/locations?tree=true&parentId=${home.id}`))).toEqual({ status: 200, body: [] });
    expect(await json(c.get('/api/locations?parentId=top'))).toEqual({
      status: 400,
      body: { message: LocationMessages.parentFilterInvalid },
    });
  });

  it('answers the first matches by name up to a limit, for the pickers that search on the server', async () => {
    const c = await newUser();
    for (const name of ['Bin 3', 'bin 1', 'Van', 'Bin 2']) await createLocation(c, { name });
    expect(await names(c, '?limit=2')).toEqual(['bin 1', 'Bin 2']);
    expect(await names(c, '?search=bin&limit=5')).toEqual(['bin 1', 'Bin 2', 'Bin 3']);
    expect(await json(c.get('/api/locations?limit=0'))).toEqual({
      status: 400,
      body: { message: 'limit must be a whole number from 1 to 1000' },
    });
    expect(await json(c.get('/api/locations?limit=1001'))).toEqual({
      status: 400,
      body: { message: 'limit must be a whole number from 1 to 1000' },
    });
  });

  it('pages the flat list, with the total of every match in X-Total-Count', async () => {
    const c = await newUser();
    for (const name of ['Bin 3', 'bin 1', 'Van', 'Bin 2']) await createLocation(c, { name });
    const page = await c.get('/api/locations?search=bin&limit=2&offset=2');
    expect([page.headers.get('x-total-count'), ((await page.json()) as LocationView[]).map((x) => x.name)]).toEqual(['3', ['Bin 3']]);
    expect((await c.get('/api/locations')).headers.get('x-total-count')).toBe('4');
    expect(await json(c.get('/api/locations?offset=1.5'))).toEqual({
      status: 400,
      body: { message: 'offset must be a whole number of 0 or more' },
    });
  });

  it.each([
    [{}, 'Location name is required'],
    [{ name: '' }, 'Location name is required'],
    [{ name: 'x'.repeat(101) }, LocationMessages.nameTooLong],
    [{ name: 'Garage', type: 'Garage' }, LocationMessages.typeInvalid],
    [{ name: 'Shelf', parentLocationId: randomUUID() }, LocationMessages.parentInvalid],
  ])('answers %j with 400 and its message', async (body, message) => {
    const c = await newUser();
    expect(await json(c.post('/api/locations', body))).toEqual({ status: 400, body: { message } });
    expect(await names(c)).toEqual([]);
  });

  it('answers a bad filter with 400', async () => {
    const c = await newUser();
    expect(await json(c.get('/api/locations?type=Garage'))).toEqual({ status: 400, body: { message: LocationMessages.typeInvalid } });
    expect(await json(c.get('/api/locations?tree=yes'))).toEqual({ status: 400, body: { message: 'tree must be true or false' } });
  });

  it('refuses a cycle with 400', async () => {
    const c = await newUser();
    const building = await createLocation(c, { name: 'Building' });
    const room = await createLocation(c, { name: 'Room', type: 'Room', parentLocationId: building.id });
    expect(await json(c.put(`/api/locations/${building.id}`, { parentLocationId: room.id }))).toEqual({
      status: 400,
      body: { message: LocationMessages.parentCycle },
    });
  });

  it('moves the children of a deleted location to its parent', async () => {
    const c = await newUser();
    const building = await createLocation(c, { name: 'Building' });
    const floor = await createLocation(c, { name: 'Floor', type: 'Room', parentLocationId: building.id });
    const room = await createLocation(c, { name: 'Room', type: 'Room', parentLocationId: floor.id });
    await c.delete(`/api/locations/${floor.id}`);
    expect((await json<LocationView>(c.get(`/api/locations/${room.id}`))).body.parentLocationId).toBe(building.id);
  });
});

describe("another user's location id (IDOR)", () => {
  let owner: ApiClient;
  let intruder: ApiClient;
  let location: LocationView;
  const notFound = { status: 404, body: { message: 'Location not found' } };

  beforeAll(async () => {
    owner = await newUser();
    intruder = await newUser();
    location = await createLocation(owner, { name: 'Private', type: 'Home' });
  });

  it.each([
    ['GET', (c: ApiClient, id: string) => c.get(`/api/locations/${id}`)],
    ['PUT', (c: ApiClient, id: string) => c.put(`/api/locations/${id}`, { name: 'Mine now' })],
    ['DELETE', (c: ApiClient, id: string) => c.delete(`/api/locations/${id}`)],
  ])('%s answers 404, exactly like an id that does not exist', async (_, call) => {
    expect(await json(call(intruder, location.id))).toEqual(notFound);
    expect(await json(call(intruder, randomUUID()))).toEqual(notFound);
    expect(await json(call(intruder, 'not-an-id'))).toEqual(notFound);
  });

  it('refuses it as a parent, like an unknown location', async () => {
    const expected = { status: 400, body: { message: LocationMessages.parentInvalid } };
    expect(await json(intruder.post('/api/locations', { name: 'Sneaky', parentLocationId: location.id }))).toEqual(expected);
    const own = await createLocation(intruder, { name: 'Own' });
    expect(await json(intruder.put(`/api/locations/${own.id}`, { parentLocationId: location.id }))).toEqual(expected);
  });

  it('leaves the location as it was and out of the intruder’s list', async () => {
    expect(await json(owner.get(`/api/locations/${location.id}`))).toEqual({ status: 200, body: location });
    expect(await names(intruder)).toEqual(['Own']);
  });
});
