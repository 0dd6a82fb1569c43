import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { CatalogSubjects, eventSubject, type Actor, type CategoryView, type UserEvent } from '@inventory/contracts';
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
import { CategoryItemCountsProjection } from '../src/item-counts/category-item-counts.projection.js';

/**
 * How long a published event may take to show. Generous on purpose: on the shared test servers the
 * consumer's leader may be another process, or wait behind a read-model rebuild.
 */
const CONSUMER_WAIT_MS = 30_000;

let services: RunningServices;
let client: TestRpcClient;
let events: EventsConnection;

const newActor = (): Actor => testActor(`catalog-test-${randomUUID()}`);
const create = (actor: Actor, name: string) => client.call(CatalogSubjects.createCategory, { name }, actor);
const countsOf = async (actor: Actor) =>
  Object.fromEntries((await client.call(CatalogSubjects.listCategories, {}, actor)).items.map((c: CategoryView) => [c.name, c.itemCount]));
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
        await queryDb('catalog', 'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2', [
          'catalog-item-counts-inventory',
          event.id,
        ])
      ).length === 1,
    CONSUMER_WAIT_MS,
  );

beforeAll(async () => {
  services = await startServices({ catalog: AppModule });
  client = await connectRpcClient(testServers.natsUrl());
  events = await connectEvents(testServers.natsUrl(), 'catalog-item-counts-test');
  await consumerCaughtUp(events, 'catalog-item-counts-inventory');
}, 90_000);
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

    await publishEvents(events, [
      hammer.registered({ categoryId: tools.id }),
      saw.registered({ categoryId: tools.id }),
      brush.registered({ categoryId: paint.id }),
    ]);
    await expectCounts(actor, { Tools: 2, Paint: 1 });

    await publishEvents(events, [saw.detailsChanged({ categoryId: paint.id })]);
    await expectCounts(actor, { Tools: 1, Paint: 2 });

    await publishEvents(events, [
      brush.detailsChanged({ categoryId: null }, 'Category deleted'),
      hammer.detailsChanged({ name: 'Claw hammer' }),
    ]);
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
    await publishEvents(events, [
      theirs.registered({ categoryId: tools.id }),
      mine.registered({ categoryId: tools.id }),
      mine.received(null, 5),
      mine.issued(null, 5),
    ]);
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

    const deleted: UserEvent = newEvent({
      source: 'identity',
      type: 'UserDeleted',
      streamId: `user-${actor.userId}`,
      data: { userId: actor.userId },
      metadata: { workspaceId: actor.userId, userId: actor.userId },
    });
    await publishEvents(events, [deleted]);
    await eventually(async () => (await client.call(CatalogSubjects.listCategories, {}, actor)).total === 0, CONSUMER_WAIT_MS);
    expect(await queryDb('catalog', 'SELECT 1 FROM category_items WHERE workspace_id = $1', [actor.userId])).toEqual([]);
  });
});

describe('rebuilding the read model', () => {
  it('reproduces the counts from the events alone, into an emptied model', async () => {
    const actor = newActor();
    const [tools, paint] = [await create(actor, 'Tools'), await create(actor, 'Paint')];
    const [a, b] = [new FakeItem(actor.userId), new FakeItem(actor.userId)];
    const history = [
      a.registered({ categoryId: tools.id }),
      b.registered({ categoryId: tools.id }),
      b.detailsChanged({ categoryId: paint.id }),
      a.archived(),
    ];
    await publishEvents(events, history);
    await applied(history[history.length - 1]);
    const rowsOf = (em: EntityManager) =>
      em
        .getConnection()
        .execute(
          'SELECT item_id, category_id, active FROM category_items WHERE workspace_id = ? ORDER BY item_id',
          [actor.userId],
          'all',
          em.getTransactionContext(),
        );

    // What `npm run rebuild` does (reset, then replay with processed-event bookkeeping), over this
    // test's history only and rolled back: a replay of the whole shared stream is O(every test ever run).
    const orm: MikroORM = services.apps.get('catalog')!.get(MikroORM);
    const em = orm.em.fork();
    const live = await rowsOf(em);
    await em.begin();
    try {
      const projection = new CategoryItemCountsProjection();
      await projection.reset(em);
      expect(await rowsOf(em)).toEqual([]);
      expect(await applyEvents(em, `rebuild-test-${randomUUID()}`, projection, history)).toBe(history.length);
      expect(await rowsOf(em)).toEqual(live);
    } finally {
      await em.rollback();
    }
  });
});
