import { CatalogSubjects, CategoryMessages, type Actor, type CategoryView } from '@inventory/contracts';
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

const newActor = (): Actor => testActor(`catalog-test-${randomUUID()}`);
const create = (actor: Actor, name: string, description?: string | null) =>
  client.call(CatalogSubjects.createCategory, { name, description }, actor);
const list = async (actor: Actor, search?: string) =>
  (await client.call(CatalogSubjects.listCategories, search === undefined ? {} : { search }, actor)).items;
/** The error a call fails with, as `{ code, message }`. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => Promise.reject(new Error('the call succeeded')),
    (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
  );
const rowsOf = (actor: Actor) => queryDb('catalog', 'SELECT name FROM categories WHERE workspace_id = $1', [actor.userId]);

beforeAll(async () => {
  services = await startServices({ catalog: AppModule });
  client = await connectRpcClient(testServers.natsUrl());
});
afterAll(async () => {
  await client?.close();
  await services?.close();
});

describe('creating and listing categories', () => {
  it('creates a category with a trimmed name, no item yet, owned by the caller', async () => {
    const actor = newActor();
    const created = await create(actor, '  Tools  ', 'Hand tools');
    expect(created).toEqual<CategoryView>({
      id: expect.any(String),
      name: 'Tools',
      description: 'Hand tools',
      userId: actor.userId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      itemCount: 0,
    });
    expect(await client.call(CatalogSubjects.getCategory, { id: created.id }, actor)).toEqual(created);
  });

  it('stores a blank description as none', async () => {
    expect((await create(newActor(), 'Paper', '   ')).description).toBeNull();
  });

  it("lists only the caller's categories, sorted by name regardless of case", async () => {
    const actor = newActor();
    await create(actor, 'bolts');
    await create(actor, 'Anchors');
    await create(actor, 'Cables');
    await create(newActor(), 'Anchors');
    expect((await list(actor)).map((c) => c.name)).toEqual(['Anchors', 'bolts', 'Cables']);
  });

  it('searches names case-insensitively, taking wildcards literally', async () => {
    const actor = newActor();
    await create(actor, 'Power Tools');
    await create(actor, 'Toolboxes');
    await create(actor, '100% cotton');
    await create(actor, 'Paint');
    expect((await list(actor, 'TOOL')).map((c) => c.name)).toEqual(['Power Tools', 'Toolboxes']);
    expect((await list(actor, '%')).map((c) => c.name)).toEqual(['100% cotton']);
  });

  it('pages the list by name: the pages in turn are the whole list, each with the total of every match', async () => {
    const actor = newActor();
    for (const name of ['Valves', 'bolts', 'Anchors', 'Cables', 'nails', 'Washers', 'Bolt cutters']) await create(actor, name);
    const page = (query: { search?: string; limit?: number; offset?: number }) => client.call(CatalogSubjects.listCategories, query, actor);
    const whole = await page({});
    expect(whole.total).toBe(7);
    const pages = [await page({ limit: 3 }), await page({ limit: 3, offset: 3 }), await page({ limit: 3, offset: 6 })];
    expect(pages.map(({ total, items }) => [total, items.length])).toEqual([
      [7, 3],
      [7, 3],
      [7, 1],
    ]);
    expect(pages.flatMap(({ items }) => items)).toEqual(whole.items);
    expect(await page({ search: 'BOLT', limit: 1, offset: 1 })).toEqual({ total: 2, items: [expect.objectContaining({ name: 'bolts' })] });
    expect(await page({ offset: 7 })).toEqual({ total: 7, items: [] });
  });
});

describe('validation', () => {
  it.each([
    ['a missing name', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a null name', { name: null }],
  ])('refuses %s with the spec message', async (_, data) => {
    const actor = newActor();
    expect(await failure(client.call(CatalogSubjects.createCategory, data as never, actor))).toEqual({
      code: 'VALIDATION',
      message: 'Category name is required',
    });
    expect(await rowsOf(actor)).toEqual([]);
  });

  it('refuses a name over 100 characters and accepts one of exactly 100', async () => {
    const actor = newActor();
    expect(await failure(create(actor, 'x'.repeat(101)))).toEqual({ code: 'VALIDATION', message: CategoryMessages.nameTooLong });
    expect((await create(actor, 'x'.repeat(100))).name).toHaveLength(100);
  });

  it('refuses a description that is not text', async () => {
    expect(await failure(client.call(CatalogSubjects.createCategory, { name: 'A', description: 5 } as never, newActor()))).toEqual({
      code: 'VALIDATION',
      message: CategoryMessages.descriptionInvalid,
    });
  });

  it('never takes the owner from the request body', async () => {
    const actor = newActor();
    const call = client.call(CatalogSubjects.createCategory, { name: 'Mine', userId: 'someone-else' } as never, actor);
    expect(await failure(call)).toEqual({ code: 'VALIDATION', message: 'property userId should not exist' });
  });

  it('refuses a request without an actor', async () => {
    expect(await failure(client.call(CatalogSubjects.listCategories, {}))).toEqual({ code: 'UNAUTHORIZED', message: 'Sign-in required' });
  });
});

describe('names are unique per user, ignoring case', () => {
  it('answers 409 for a duplicate name in another case, and writes nothing', async () => {
    const actor = newActor();
    await create(actor, 'Tools');
    expect(await failure(create(actor, ' tOOLS '))).toEqual({ code: 'CONFLICT', message: 'A category with this name already exists' });
    expect(await rowsOf(actor)).toEqual([{ name: 'Tools' }]);
  });

  it('lets two users have the same name', async () => {
    await create(newActor(), 'Shared name');
    await expect(create(newActor(), 'Shared name')).resolves.toMatchObject({ name: 'Shared name' });
  });

  it('refuses a rename onto another category of the same user but allows changing the case of its own', async () => {
    const actor = newActor();
    await create(actor, 'Tools');
    const paint = await create(actor, 'Paint');
    expect(await failure(client.call(CatalogSubjects.updateCategory, { id: paint.id, name: 'TOOLS' }, actor))).toEqual({
      code: 'CONFLICT',
      message: 'A category with this name already exists',
    });
    await expect(client.call(CatalogSubjects.updateCategory, { id: paint.id, name: 'PAINT' }, actor)).resolves.toMatchObject({
      name: 'PAINT',
    });
  });

  it('holds under concurrent creates', async () => {
    const actor = newActor();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => create(actor, 'Race')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await rowsOf(actor)).toEqual([{ name: 'Race' }]);
  });
});

describe('updating and deleting', () => {
  it('changes only the fields given', async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools', 'Hand tools');
    expect(await client.call(CatalogSubjects.updateCategory, { id: tools.id, description: 'Power tools' }, actor)).toMatchObject({
      name: 'Tools',
      description: 'Power tools',
    });
    expect(await client.call(CatalogSubjects.updateCategory, { id: tools.id, name: 'Garden' }, actor)).toMatchObject({
      name: 'Garden',
      description: 'Power tools',
    });
    expect(await client.call(CatalogSubjects.updateCategory, { id: tools.id, description: null }, actor)).toMatchObject({
      description: null,
    });
  });

  it('refuses an empty name on update', async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools');
    expect(await failure(client.call(CatalogSubjects.updateCategory, { id: tools.id, name: ' ' }, actor))).toEqual({
      code: 'VALIDATION',
      message: 'Category name is required',
    });
  });

  it('deletes a category', async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools');
    expect(await client.call(CatalogSubjects.deleteCategory, { id: tools.id }, actor)).toBeNull();
    expect(await list(actor)).toEqual([]);
    expect(await failure(client.call(CatalogSubjects.getCategory, { id: tools.id }, actor))).toEqual({
      code: 'NOT_FOUND',
      message: 'Category not found',
    });
  });
});

describe("another user's category answers exactly like a missing one", () => {
  const notFound = { code: 'NOT_FOUND', message: 'Category not found' };
  let owner: Actor;
  let intruder: Actor;
  let category: CategoryView;

  beforeAll(async () => {
    owner = newActor();
    intruder = newActor();
    category = await create(owner, 'Private', 'Not yours');
  });

  it.each([
    ['get', () => client.call(CatalogSubjects.getCategory, { id: category.id }, intruder)],
    ['update', () => client.call(CatalogSubjects.updateCategory, { id: category.id, name: 'Taken' }, intruder)],
    ['delete', () => client.call(CatalogSubjects.deleteCategory, { id: category.id }, intruder)],
  ])('%s → 404', async (_, call) => {
    expect(await failure(call())).toEqual(notFound);
  });

  it.each([randomUUID(), 'not-a-uuid'])('an unknown id %s → the same 404', async (id) => {
    expect(await failure(client.call(CatalogSubjects.getCategory, { id }, owner))).toEqual(notFound);
  });

  it('leaves the owner’s category untouched', async () => {
    expect(await client.call(CatalogSubjects.getCategory, { id: category.id }, owner)).toEqual(category);
  });
});

describe('events out', () => {
  it('publishes created, renamed and deleted through the outbox, in order', async () => {
    const actor = newActor();
    const tools = await create(actor, 'Tools', 'Hand tools');
    await client.call(CatalogSubjects.updateCategory, { id: tools.id, name: 'Power tools' }, actor);
    await client.call(CatalogSubjects.updateCategory, { id: tools.id, name: 'Power tools' }, actor); // no change, no event
    await client.call(CatalogSubjects.deleteCategory, { id: tools.id }, actor);
    const rows = await eventually(async () => {
      const found = await queryDb<{
        subject: string;
        payload: { data: unknown; metadata: { workspaceId: string; userId: string }; streamId: string };
        published_at: Date | null;
      }>('catalog', "SELECT subject, payload, published_at FROM outbox WHERE payload->>'streamId' = $1 ORDER BY position", [
        `category-${tools.id}`,
      ]);
      expect(found.map((r) => (r.published_at ? 'published' : 'pending'))).toEqual(['published', 'published', 'published']);
      return found;
    }, OUTBOX_WAIT_MS);
    expect(rows.map((r) => r.subject)).toEqual([
      'events.catalog.CategoryCreated',
      'events.catalog.CategoryRenamed',
      'events.catalog.CategoryDeleted',
    ]);
    expect(rows.map((r) => r.payload.data)).toEqual([
      { categoryId: tools.id, name: 'Tools', description: 'Hand tools' },
      { categoryId: tools.id, name: 'Power tools', description: 'Hand tools' },
      { categoryId: tools.id },
    ]);
    expect(rows.every((r) => r.payload.metadata.userId === actor.userId)).toBe(true);
  });

  it('writes no event for a refused change', async () => {
    const actor = newActor();
    await create(actor, 'Tools');
    await failure(create(actor, 'tools'));
    const rows = await queryDb('catalog', "SELECT 1 FROM outbox WHERE payload->'metadata'->>'userId' = $1", [actor.userId]);
    expect(rows).toHaveLength(1);
  });
});
