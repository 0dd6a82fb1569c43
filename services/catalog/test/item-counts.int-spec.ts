import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CatalogSubjects, eventSubject, type Actor, type CategoryView, type UserEvent } from '@inventory/contracts';
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
import { AppModule, catalogModules } from '../src/app.module.js';

let services: RunningServices;
let client: TestRpcClient;
let events: EventsConnection;

const newActor = (): Actor => ({ userId: `catalog-test-${randomUUID()}`, role: 'user' });
const create = (actor: Actor, name: string) => client.call(CatalogSubjects.createCategory, { name }, actor);
const countsOf = async (actor: Actor) =>
  Object.fromEntries((await client.call(CatalogSubjects.listCategories, {}, actor)).map((c: CategoryView) => [c.name, c.itemCount]));
/** Waits until the listed counts are exactly these (the consumer applies events asynchronously). */
const expectCounts = (actor: Actor, expected: Record<string, number>) =>
  eventually(async () => {
    expect(await countsOf(actor)).toEqual(expected);
    return true;
  }, 10_000);

beforeAll(async () => {
  services = await startServices({ catalog: AppModule });
  client = await connectRpcClient(testServers.natsUrl());
  events = await connectEvents(testServers.natsUrl(), 'catalog-item-counts-test');
});
afterAll(async () => {
  await events?.nc.drain();
  await client?.close();
  await services?.close();
});

describe('itemCount follows the inventory events', () => {
  it('counts active items per category through create, category change, uncategorising and archive', async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools');
    const paint = await create(actor, 'Paint');
    const [hammer, saw, brush] = [new FakeItem(actor.userId), new FakeItem(actor.userId), new FakeItem(actor.userId)];

    await publishEvents(events, [hammer.registered({ categoryId: tools.id }), saw.registered({ categoryId: tools.id }), brush.registered({ categoryId: paint.id })]);
    await expectCounts(actor, { Tools: 2, Paint: 1 });

    await publishEvents(events, [saw.detailsChanged({ categoryId: paint.id })]);
    await expectCounts(actor, { Tools: 1, Paint: 2 });

    await publishEvents(events, [brush.detailsChanged({ categoryId: null }, 'Category deleted'), hammer.detailsChanged({ name: 'Claw hammer' })]);
    await expectCounts(actor, { Tools: 1, Paint: 1 });

    await publishEvents(events, [hammer.archived()]);
    await expectCounts(actor, { Tools: 0, Paint: 1 });
    expect(await client.call(CatalogSubjects.getCategory, { id: paint.id }, actor)).toMatchObject({ itemCount: 1 });
  });

  it("ignores stock movements and never counts another user's items", async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools');
    const mine = new FakeItem(actor.userId);
    // Another user's item naming this category id must not count here.
    const theirs = new FakeItem(newActor().userId);
    await publishEvents(events, [theirs.registered({ categoryId: tools.id }), mine.registered({ categoryId: tools.id }), mine.received(null, 5), mine.issued(null, 5)]);
    await expectCounts(actor, { Tools: 1 });
  });

  it('changes nothing when an event is delivered again', async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools');
    const paint = await create(actor, 'Paint');
    const item = new FakeItem(actor.userId);
    const registered = item.registered({ categoryId: tools.id });
    const moved = item.detailsChanged({ categoryId: paint.id });
    await publishEvents(events, [registered, moved]);
    await expectCounts(actor, { Tools: 0, Paint: 1 });

    // A redelivery after JetStream's dedup window (same event id, new message id): applied again,
    // it would put the item back into Tools.
    await events.js.publish(eventSubject('inventory', registered.type), JSON.stringify(registered), { msgID: randomUUID() });
    const marker = new FakeItem(actor.userId);
    await publishEvents(events, [marker.registered({ categoryId: paint.id })]);
    await expectCounts(actor, { Tools: 0, Paint: 2 }); // the marker counted; the replayed "registered" did not reset the item to Tools
  });
});

describe('a deleted user', () => {
  it('has every category and count purged', async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools');
    const item = new FakeItem(actor.userId);
    await publishEvents(events, [item.registered({ categoryId: tools.id })]);
    await expectCounts(actor, { Tools: 1 });

    const deleted: UserEvent = newEvent({ source: 'identity', type: 'UserDeleted', streamId: `user-${actor.userId}`, data: { userId: actor.userId }, metadata: { userId: actor.userId } });
    await publishEvents(events, [deleted]);
    await eventually(async () => (await client.call(CatalogSubjects.listCategories, {}, actor)).length === 0, 10_000);
    expect(await queryDb('catalog', 'SELECT 1 FROM category_items WHERE user_id = $1', [actor.userId])).toEqual([]);
  });
});

describe('rebuilding the read model', () => {
  it('restores the counts from the event history', async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools');
    const [a, b] = [new FakeItem(actor.userId), new FakeItem(actor.userId)];
    await publishEvents(events, [a.registered({ categoryId: tools.id }), b.registered({ categoryId: tools.id }), b.archived()]);
    await expectCounts(actor, { Tools: 1 });

    await queryDb('catalog', 'DELETE FROM category_items WHERE user_id = $1', [actor.userId]);
    expect(await countsOf(actor)).toEqual({ Tools: 0 });

    // What `npm run rebuild` runs: the service's modules without live consumers, then rebuildAll().
    @Module({ imports: catalogModules({ startConsumers: false }) })
    class RebuildModule {}
    const app = await NestFactory.createApplicationContext(RebuildModule, { logger: ['error', 'warn'] });
    try {
      const results = await app.get(EventsRuntime).rebuildAll();
      expect(results.map((r) => r.consumer)).toEqual(['catalog-item-counts-inventory', 'catalog-user-purge-identity']);
    } finally {
      await app.close();
    }
    expect(await countsOf(actor)).toEqual({ Tools: 1 });
  });
});
