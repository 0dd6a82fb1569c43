import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { eventSubject, LocationsSubjects, type Actor, type UserEvent } from '@inventory/contracts';
import { connectEvents, EventsRuntime, newEvent, type EventsConnection } from '@inventory/platform';
import {
  connectRpcClient,
  eventually,
  FakeItem,
  publishEvents,
  queryDb,
  startServices,
  testServers,
  type RunningServices,
  type TestRpcClient,
} from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { AppModule, locationsModules } from '../src/app.module.js';

let services: RunningServices;
let client: TestRpcClient;
let events: EventsConnection;

const newActor = (): Actor => ({ userId: `locations-test-${randomUUID()}`, role: 'user' });
const create = (actor: Actor, name: string) => client.call(LocationsSubjects.createLocation, { name }, actor);
const countsOf = async (actor: Actor) =>
  Object.fromEntries((await client.call(LocationsSubjects.listLocations, {}, actor)).map((l) => [l.name, l.itemCount]));
/** Waits until the listed counts are exactly these (the consumer applies events asynchronously). */
const expectCounts = (actor: Actor, expected: Record<string, number>) =>
  eventually(async () => {
    expect(await countsOf(actor)).toEqual(expected);
    return true;
  }, 10_000);

beforeAll(async () => {
  services = await startServices({ locations: AppModule });
  client = await connectRpcClient(testServers.natsUrl());
  events = await connectEvents(testServers.natsUrl(), 'locations-item-counts-test');
});
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
    await publishEvents(events, [hammer.received(shop.id, 5), hammer.received(shop.id, 3), saw.received(shop.id, 1), saw.received(null, 4)]);
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
    await eventually(async () => (await queryDb('locations', 'SELECT 1 FROM location_item_stock WHERE location_id = $1', [shelf.id])).length === 0, 10_000);
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

    const deleted: UserEvent = newEvent({ source: 'identity', type: 'UserDeleted', streamId: `user-${actor.userId}`, data: { userId: actor.userId }, metadata: { userId: actor.userId } });
    await publishEvents(events, [deleted]);
    await eventually(async () => (await client.call(LocationsSubjects.listLocations, {}, actor)).length === 0, 10_000);
    expect(await queryDb('locations', 'SELECT 1 FROM location_items WHERE user_id = $1', [actor.userId])).toEqual([]);
    expect(await queryDb('locations', 'SELECT 1 FROM location_item_stock WHERE item_id = $1', [item.itemId])).toEqual([]);
  });
});

describe('rebuilding the read model', () => {
  it('restores the counts from the event history', async () => {
    const actor = newActor();
    const shelf = await create(actor, 'Shelf');
    const [a, b] = [new FakeItem(actor.userId), new FakeItem(actor.userId)];
    await publishEvents(events, [a.registered(), a.received(shelf.id, 1), b.registered(), b.received(shelf.id, 2), b.archived()]);
    await expectCounts(actor, { Shelf: 1 });

    await queryDb('locations', 'DELETE FROM location_item_stock WHERE item_id = ANY($1)', [[a.itemId, b.itemId]]);
    expect(await countsOf(actor)).toEqual({ Shelf: 0 });

    // What `npm run rebuild` runs: the service's modules without live consumers, then rebuildAll().
    @Module({ imports: locationsModules({ startConsumers: false }) })
    class RebuildModule {}
    const app = await NestFactory.createApplicationContext(RebuildModule, { logger: ['error', 'warn'] });
    try {
      const results = await app.get(EventsRuntime).rebuildAll();
      expect(results.map((r) => r.consumer)).toEqual(['locations-item-counts-inventory', 'locations-user-purge-identity']);
    } finally {
      await app.close();
    }
    expect(await countsOf(actor)).toEqual({ Shelf: 1 });
  });
});
