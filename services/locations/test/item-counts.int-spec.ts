import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { eventSubject, LocationsSubjects, type Actor, type UserEvent } from '@inventory/contracts';
import { applyEvents, connectEvents, newEvent, type EventsConnection } from '@inventory/platform';
import {
  connectRpcClient,
  consumerCaughtUp,
  eventually,
  FakeItem,
  publishEvents,
  queryDb,
  startServices,
  testServers,
  type RunningServices,
  type TestRpcClient,
  testActor,
} from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../src/app.module.js';
import { LocationItemCountsProjection } from '../src/item-counts/location-item-counts.projection.js';

/**
 * How long a published event may take to show. Generous on purpose: on the shared test servers the
 * consumer's leader may be another process, or wait behind a read-model rebuild.
 */
const CONSUMER_WAIT_MS = 30_000;

let services: RunningServices;
let client: TestRpcClient;
let events: EventsConnection;

const newActor = (): Actor => testActor(`locations-test-${randomUUID()}`);
const create = (actor: Actor, name: string) => client.call(LocationsSubjects.createLocation, { name }, actor);
const countsOf = async (actor: Actor) =>
  Object.fromEntries((await client.call(LocationsSubjects.listLocations, {}, actor)).items.map((l) => [l.name, l.itemCount]));
/** Waits until the listed counts are exactly these (the consumer applies events asynchronously). */
const expectCounts = (actor: Actor, expected: Record<string, number>) =>
  eventually(async () => {
    expect(await countsOf(actor)).toEqual(expected);
    return true;
  }, CONSUMER_WAIT_MS);

/** Waits until the consumer has applied this event (and so, in stream order, every one before it). */
const applied = (event: { id: string }) =>
  eventually(
    async () =>
      (
        await queryDb('locations', 'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2', [
          'locations-item-counts-inventory',
          event.id,
        ])
      ).length === 1,
    CONSUMER_WAIT_MS,
  );

beforeAll(async () => {
  services = await startServices({ locations: AppModule });
  client = await connectRpcClient(testServers.natsUrl());
  events = await connectEvents(testServers.natsUrl(), 'locations-item-counts-test');
  await consumerCaughtUp(events, 'locations-item-counts-inventory');
}, 90_000);
afterAll(async () => {
  await events?.nc.drain();
  await client?.close();
  await services?.close();
});

describe('itemCount follows the inventory events', () => {
  it('counts distinct active items with stock through receipts, issues, transfers and archive', async () => {
    const actor = newActor();
    const shop = await create(actor, 'Shop');
    const store = await create(actor, 'Store');
    const [hammer, saw] = [new FakeItem(actor.userId), new FakeItem(actor.userId)];

    // Registered with a home location but no stock yet: counted nowhere.
    await publishEvents(events, [hammer.registered({ locationId: shop.id }), saw.registered({ locationId: shop.id })]);
    await publishEvents(events, [
      hammer.received(shop.id, 5),
      hammer.received(shop.id, 3),
      saw.received(shop.id, 1),
      saw.received(null, 4),
    ]);
    await expectCounts(actor, { Shop: 2, Store: 0 });

    await publishEvents(events, [hammer.transferred(shop.id, store.id, 2)]);
    await expectCounts(actor, { Shop: 2, Store: 1 });

    await publishEvents(events, [saw.issued(shop.id, 1)]); // the saw's stock left is unassigned
    await expectCounts(actor, { Shop: 1, Store: 1 });

    await publishEvents(events, [hammer.archived()]);
    await expectCounts(actor, { Shop: 0, Store: 0 });
    expect(await client.call(LocationsSubjects.getLocation, { id: shop.id }, actor)).toMatchObject({ itemCount: 0 });
  });

  it('drops a deleted location’s stock once inventory relocates it to unassigned', async () => {
    const actor = newActor();
    const shelf = await create(actor, 'Shelf');
    const item = new FakeItem(actor.userId);
    await publishEvents(events, [item.registered(), item.received(shelf.id, 2)]);
    await expectCounts(actor, { Shelf: 1 });
    await client.call(LocationsSubjects.deleteLocation, { id: shelf.id }, actor);
    await publishEvents(events, [item.relocated(shelf.id)]);
    await eventually(
      async () => (await queryDb('locations', 'SELECT 1 FROM location_item_stock WHERE location_id = $1', [shelf.id])).length === 0,
      CONSUMER_WAIT_MS,
    );
  });

  it("never counts another user's stock in a location", async () => {
    const actor = newActor();
    const shelf = await create(actor, 'Shelf');
    const theirs = new FakeItem(newActor().userId);
    const mine = new FakeItem(actor.userId);
    await publishEvents(events, [theirs.registered(), theirs.received(shelf.id, 9), mine.registered(), mine.received(shelf.id, 1)]);
    await expectCounts(actor, { Shelf: 1 });
  });

  it('changes nothing when an event is delivered again', async () => {
    const actor = newActor();
    const shelf = await create(actor, 'Shelf');
    const item = new FakeItem(actor.userId);
    const received = item.received(shelf.id, 1);
    await publishEvents(events, [item.registered(), received, item.issued(shelf.id, 1)]);
    await expectCounts(actor, { Shelf: 0 });

    // A redelivery after JetStream's dedup window (same event id, new message id): applied again,
    // it would put the stock back on the shelf.
    await events.js.publish(eventSubject('inventory', received.type), JSON.stringify(received), { msgID: randomUUID() });
    const marker = new FakeItem(actor.userId);
    await publishEvents(events, [marker.registered(), marker.received(shelf.id, 1)]);
    await expectCounts(actor, { Shelf: 1 }); // only the marker
  });
});

describe('a deleted user', () => {
  it('has every location and count purged', async () => {
    const actor = newActor();
    const parent = await create(actor, 'Parent');
    await client.call(LocationsSubjects.createLocation, { name: 'Child', parentLocationId: parent.id }, actor);
    const item = new FakeItem(actor.userId);
    await publishEvents(events, [item.registered(), item.received(parent.id, 1)]);
    await expectCounts(actor, { Child: 0, Parent: 1 });

    const deleted: UserEvent = newEvent({
      source: 'identity',
      type: 'UserDeleted',
      streamId: `user-${actor.userId}`,
      data: { userId: actor.userId },
      metadata: { workspaceId: actor.userId, userId: actor.userId },
    });
    await publishEvents(events, [deleted]);
    await eventually(async () => (await client.call(LocationsSubjects.listLocations, {}, actor)).total === 0, CONSUMER_WAIT_MS);
    expect(await queryDb('locations', 'SELECT 1 FROM location_items WHERE workspace_id = $1', [actor.userId])).toEqual([]);
    expect(await queryDb('locations', 'SELECT 1 FROM location_item_stock WHERE item_id = $1', [item.itemId])).toEqual([]);
  });
});

describe('rebuilding the read model', () => {
  it('reproduces the counts from the events alone, into an emptied model', async () => {
    const actor = newActor();
    const [shelf, bin] = [await create(actor, 'Shelf'), await create(actor, 'Bin')];
    const [a, b] = [new FakeItem(actor.userId), new FakeItem(actor.userId)];
    const history = [
      a.registered(),
      a.received(shelf.id, 3),
      a.transferred(shelf.id, bin.id, 1),
      b.registered(),
      b.received(bin.id, 2),
      b.archived(),
    ];
    await publishEvents(events, history);
    await applied(history[history.length - 1]);
    const rowsOf = (em: EntityManager) =>
      em.getConnection().execute(
        `SELECT i.item_id, i.active, s.location_id, s.quantity FROM location_items i LEFT JOIN location_item_stock s ON s.item_id = i.item_id
          WHERE i.workspace_id = ? ORDER BY i.item_id, s.location_id`,
        [actor.userId],
        'all',
        em.getTransactionContext(),
      );

    // What `npm run rebuild` does (reset, then replay with processed-event bookkeeping), over this
    // test's history only and rolled back: a replay of the whole shared stream is O(every test ever run).
    const orm: MikroORM = services.apps.get('locations')!.get(MikroORM);
    const em = orm.em.fork();
    const live = await rowsOf(em);
    await em.begin();
    try {
      const projection = new LocationItemCountsProjection();
      await projection.reset(em);
      expect(await rowsOf(em)).toEqual([]);
      expect(await applyEvents(em, `rebuild-test-${randomUUID()}`, projection, history)).toBe(history.length);
      expect(await rowsOf(em)).toEqual(live);
    } finally {
      await em.rollback();
    }
  });
});
