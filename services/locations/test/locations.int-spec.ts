import {
  LocationMessages,
  LocationsSubjects,
  type Actor,
  type CreateLocationRequest,
  type LocationView,
  type NamedListPage,
} from '@inventory/contracts';
import {
  connectRpcClient,
  eventually,
  queryDb,
  startServices,
  testServers,
  type RunningServices,
  type TestRpcClient,
  testActor,
} from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../src/app.module.js';

/**
 * How long an outbox-published change may take to show. Generous on purpose: the relay holds rows
 * back while any older write transaction on the PostgreSQL server is open (its gap guard reads the
 * server-wide xmin), e.g. another suite's read-model rebuild on the shared test server.
 */
const OUTBOX_WAIT_MS = 30_000;

let services: RunningServices;
let client: TestRpcClient;

const newActor = (): Actor => testActor(`locations-test-${randomUUID()}`);
const create = (actor: Actor, data: CreateLocationRequest) => client.call(LocationsSubjects.createLocation, data, actor);
const update = (
  actor: Actor,
  id: string,
  changes: Omit<Parameters<typeof client.call<typeof LocationsSubjects.updateLocation>>[1], 'id'>,
) => client.call(LocationsSubjects.updateLocation, { id, ...changes }, actor);
const get = (actor: Actor, id: string) => client.call(LocationsSubjects.getLocation, { id }, actor);
const names = ({ items }: NamedListPage<LocationView>) => items.map((l) => l.name);
/** The error a call fails with, as `{ code, message }`. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => Promise.reject(new Error('the call succeeded')),
    (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
  );
const invalid = (message: string) => ({ code: 'VALIDATION', message });
const rowsOf = (actor: Actor) =>
  queryDb('locations', 'SELECT name, parent_location_id FROM locations WHERE workspace_id = $1 ORDER BY name', [actor.userId]);

beforeAll(async () => {
  services = await startServices({ locations: AppModule });
  client = await connectRpcClient(testServers.natsUrl());
});
afterAll(async () => {
  await client?.close();
  await services?.close();
});

describe('creating and listing locations', () => {
  it('creates an Office at the top level by default', async () => {
    const actor = newActor();
    const hq = await create(actor, { name: ' Head office ', description: 'Main site' });
    expect(hq).toEqual<LocationView>({
      id: expect.any(String),
      name: 'Head office',
      type: 'Office',
      description: 'Main site',
      parentLocationId: null,
      code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/),
      userId: actor.userId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      itemCount: 0,
    });
    expect(await get(actor, hq.id)).toEqual(hq);
  });

  it('creates a typed location inside another', async () => {
    const actor = newActor();
    const home = await create(actor, { name: 'Home', type: 'Home' });
    expect(await create(actor, { name: 'Kitchen', type: 'Room', parentLocationId: home.id })).toMatchObject({
      type: 'Room',
      parentLocationId: home.id,
    });
  });

  it("lists the caller's locations by name, filtered by a name search and a type", async () => {
    const actor = newActor();
    await create(actor, { name: 'garage', type: 'Workshop' });
    await create(actor, { name: 'Attic storage', type: 'Storage' });
    await create(actor, { name: 'Basement storage', type: 'Storage' });
    await create(newActor(), { name: 'Someone else’s storage', type: 'Storage' });
    expect(names(await client.call(LocationsSubjects.listLocations, {}, actor))).toEqual(['Attic storage', 'Basement storage', 'garage']);
    expect(names(await client.call(LocationsSubjects.listLocations, { search: 'STOR' }, actor))).toEqual([
      'Attic storage',
      'Basement storage',
    ]);
    expect(names(await client.call(LocationsSubjects.listLocations, { type: 'Workshop' }, actor))).toEqual(['garage']);
    expect(names(await client.call(LocationsSubjects.listLocations, { search: 'attic', type: 'Storage' }, actor))).toEqual([
      'Attic storage',
    ]);
  });

  it('pages the list by name: the pages in turn are the whole list, each with the total of every match', async () => {
    const actor = newActor();
    // Equal names too: the order must still be total, or a row could show on two pages and another on none.
    for (const name of ['Shelf b', 'shelf a', 'Bin', 'Shelf b', 'Shelf c', 'Annex', 'shelf a'])
      await create(actor, { name, type: 'Storage' });
    await create(actor, { name: 'Shelf office', type: 'Office' });
    const whole = await client.call(LocationsSubjects.listLocations, { type: 'Storage' }, actor);
    expect(whole.total).toBe(7);
    const pages = [];
    for (let offset = 0; offset < 9; offset += 3)
      pages.push(await client.call(LocationsSubjects.listLocations, { type: 'Storage', limit: 3, offset }, actor));
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7]);
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => page.items)).toEqual(whole.items);
    expect(names(whole)).toEqual(['Annex', 'Bin', 'shelf a', 'shelf a', 'Shelf b', 'Shelf b', 'Shelf c']);
    const searched = await client.call(LocationsSubjects.listLocations, { search: 'shelf', limit: 2, offset: 4 }, actor);
    expect(searched).toEqual({
      total: 6,
      items: [expect.objectContaining({ name: 'Shelf c' }), expect.objectContaining({ name: 'Shelf office' })],
    });
    expect(await client.call(LocationsSubjects.listLocations, { offset: 50 }, actor)).toEqual({ items: [], total: 8 });
  });

  it('answers the tree for the parent picker', async () => {
    const actor = newActor();
    const clinic = await create(actor, { name: 'Clinic', type: 'Clinic' });
    const room = await create(actor, { name: 'Room 1', type: 'Room', parentLocationId: clinic.id });
    await create(actor, { name: 'Cabinet', type: 'Furniture', parentLocationId: room.id });
    await create(actor, { name: 'Annex', type: 'Office' });
    const tree = await client.call(LocationsSubjects.locationTree, {}, actor);
    const shape = (nodes: typeof tree): unknown => nodes.map((n) => (n.children.length ? { [n.name]: shape(n.children) } : n.name));
    expect(shape(tree)).toEqual(['Annex', { Clinic: [{ 'Room 1': ['Cabinet'] }] }]);
    expect(tree[1]).toMatchObject({ id: clinic.id, type: 'Clinic', itemCount: 0 });
  });
});

describe('validation', () => {
  it.each([
    ['a missing name', {}],
    ['a blank name', { name: '  ' }],
    ['a null name', { name: null }],
  ])('refuses %s with the spec message', async (_, data) => {
    const actor = newActor();
    expect(await failure(create(actor, data as never))).toEqual(invalid('Location name is required'));
    expect(await rowsOf(actor)).toEqual([]);
  });

  it('refuses a name over 100 characters', async () => {
    expect(await failure(create(newActor(), { name: 'x'.repeat(101) }))).toEqual(invalid(LocationMessages.nameTooLong));
  });

  it.each(['Garage', 'office', '', null])('refuses the type %p', async (type) => {
    expect(await failure(create(newActor(), { name: 'Somewhere', type } as never))).toEqual(
      invalid('Location type must be one of Office, Clinic, Home, Workshop, Room, Furniture, Storage'),
    );
  });

  it('refuses an unknown type filter', async () => {
    expect(await failure(client.call(LocationsSubjects.listLocations, { type: 'Garage' } as never, newActor()))).toEqual(
      invalid(LocationMessages.typeInvalid),
    );
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['not an id', () => 'nowhere'],
  ])('refuses %s as the parent', async (_, parent) => {
    const actor = newActor();
    expect(await failure(create(actor, { name: 'Shelf', parentLocationId: parent() }))).toEqual(invalid(LocationMessages.parentInvalid));
    expect(await rowsOf(actor)).toEqual([]);
  });

  it("refuses another user's location as the parent, like an unknown one", async () => {
    const theirs = await create(newActor(), { name: 'Their office' });
    const actor = newActor();
    const mine = await create(actor, { name: 'Mine' });
    expect(await failure(create(actor, { name: 'Shelf', parentLocationId: theirs.id }))).toEqual(invalid(LocationMessages.parentInvalid));
    expect(await failure(update(actor, mine.id, { parentLocationId: theirs.id }))).toEqual(invalid(LocationMessages.parentInvalid));
  });
});

describe('moving locations in the tree', () => {
  let actor: Actor;
  let building: LocationView;
  let floor: LocationView;
  let room: LocationView;

  beforeEach(async () => {
    actor = newActor();
    building = await create(actor, { name: 'Building' });
    floor = await create(actor, { name: 'Floor', type: 'Room', parentLocationId: building.id });
    room = await create(actor, { name: 'Room', type: 'Room', parentLocationId: floor.id });
  });

  it('refuses a location as its own parent', async () => {
    expect(await failure(update(actor, floor.id, { parentLocationId: floor.id }))).toEqual(invalid(LocationMessages.parentCycle));
  });

  it('refuses a location below it as its parent, and changes nothing', async () => {
    expect(await failure(update(actor, building.id, { name: 'Renamed', parentLocationId: room.id }))).toEqual(
      invalid(LocationMessages.parentCycle),
    );
    expect(await get(actor, building.id)).toMatchObject({ name: 'Building', parentLocationId: null });
  });

  it('moves a location to another parent and back to the top level', async () => {
    expect(await update(actor, room.id, { parentLocationId: building.id })).toMatchObject({ parentLocationId: building.id });
    expect(await update(actor, room.id, { parentLocationId: null })).toMatchObject({ parentLocationId: null });
  });

  it('never closes a loop under concurrent moves', async () => {
    // Building under Room and Room under Building, at once: at most one can win.
    await update(actor, room.id, { parentLocationId: null });
    const results = await Promise.allSettled([
      update(actor, building.id, { parentLocationId: room.id }),
      update(actor, room.id, { parentLocationId: building.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('changes only the fields given', async () => {
    expect(await update(actor, room.id, { description: 'Second door' })).toMatchObject({
      name: 'Room',
      type: 'Room',
      parentLocationId: floor.id,
      description: 'Second door',
    });
    expect(await update(actor, room.id, { name: 'Lab', type: 'Workshop' })).toMatchObject({
      name: 'Lab',
      type: 'Workshop',
      description: 'Second door',
    });
    expect(await failure(update(actor, room.id, { name: '' }))).toEqual(invalid('Location name is required'));
  });
});

describe('deleting a location', () => {
  it('moves its sublocations up to its parent', async () => {
    const actor = newActor();
    const building = await create(actor, { name: 'Building' });
    const floor = await create(actor, { name: 'Floor', parentLocationId: building.id });
    const roomA = await create(actor, { name: 'Room A', parentLocationId: floor.id });
    const roomB = await create(actor, { name: 'Room B', parentLocationId: floor.id });
    expect(await client.call(LocationsSubjects.deleteLocation, { id: floor.id }, actor)).toBeNull();
    expect(await get(actor, roomA.id)).toMatchObject({ parentLocationId: building.id });
    expect(await get(actor, roomB.id)).toMatchObject({ parentLocationId: building.id });
    expect(await failure(get(actor, floor.id))).toEqual({ code: 'NOT_FOUND', message: 'Location not found' });
  });

  it('makes the sublocations of a top-level location top-level', async () => {
    const actor = newActor();
    const site = await create(actor, { name: 'Site' });
    const shed = await create(actor, { name: 'Shed', parentLocationId: site.id });
    await client.call(LocationsSubjects.deleteLocation, { id: site.id }, actor);
    expect(await get(actor, shed.id)).toMatchObject({ parentLocationId: null });
  });
});

describe("another user's location answers exactly like a missing one", () => {
  const notFound = { code: 'NOT_FOUND', message: 'Location not found' };
  let owner: Actor;
  let intruder: Actor;
  let location: LocationView;

  beforeAll(async () => {
    owner = newActor();
    intruder = newActor();
    location = await create(owner, { name: 'Private', type: 'Home' });
  });

  it.each([
    ['get', () => get(intruder, location.id)],
    ['update', () => update(intruder, location.id, { name: 'Taken' })],
    ['delete', () => client.call(LocationsSubjects.deleteLocation, { id: location.id }, intruder)],
  ])('%s → 404', async (_, call) => {
    expect(await failure(call())).toEqual(notFound);
  });

  it.each([randomUUID(), 'not-a-uuid'])('an unknown id %s → the same 404', async (id) => {
    expect(await failure(get(owner, id))).toEqual(notFound);
  });

  it('leaves the owner’s location untouched', async () => {
    expect(await get(owner, location.id)).toEqual(location);
  });

  it('refuses a request without an actor', async () => {
    expect(await failure(client.call(LocationsSubjects.listLocations, {}))).toEqual({ code: 'UNAUTHORIZED', message: 'Sign-in required' });
  });
});

describe('events out', () => {
  type Row = { subject: string; payload: { data: unknown; metadata: { workspaceId: string; userId: string } }; published_at: Date | null };
  const published = (actor: Actor, count: number) =>
    eventually(async () => {
      const rows = await queryDb<Row>(
        'locations',
        "SELECT subject, payload, published_at FROM outbox WHERE payload->'metadata'->>'userId' = $1 ORDER BY position",
        [actor.userId],
      );
      expect(rows.map((r) => (r.published_at ? 'published' : 'pending'))).toEqual(Array(count).fill('published'));
      return rows;
    }, OUTBOX_WAIT_MS);

  it('publishes created, updated (children moved too) and deleted, in order', async () => {
    const actor = newActor();
    const home = await create(actor, { name: 'Home', type: 'Home' });
    const room = await create(actor, { name: 'Den', type: 'Room', parentLocationId: home.id });
    const shelf = await create(actor, { name: 'Shelf', type: 'Furniture', parentLocationId: room.id });
    await update(actor, room.id, { name: 'Study' });
    await update(actor, room.id, { description: 'not published' });
    await client.call(LocationsSubjects.deleteLocation, { id: room.id }, actor);
    const rows = await published(actor, 6);
    expect(rows.map((r) => [r.subject, r.payload.data])).toEqual([
      ['events.locations.LocationCreated', { locationId: home.id, name: 'Home', type: 'Home', parentLocationId: null }],
      ['events.locations.LocationCreated', { locationId: room.id, name: 'Den', type: 'Room', parentLocationId: home.id }],
      ['events.locations.LocationCreated', { locationId: shelf.id, name: 'Shelf', type: 'Furniture', parentLocationId: room.id }],
      ['events.locations.LocationUpdated', { locationId: room.id, name: 'Study', type: 'Room', parentLocationId: home.id }],
      ['events.locations.LocationUpdated', { locationId: shelf.id, name: 'Shelf', type: 'Furniture', parentLocationId: home.id }],
      ['events.locations.LocationDeleted', { locationId: room.id, parentLocationId: home.id }],
    ]);
  });
});
