import { CategoryMessages, type CategoryView } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import { ApiClient, signUp, json } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

let system: System;
const newUser = async () => (await signUp(system.baseUrl)).client;
const createCategory = async (c: ApiClient, body: object) => (await json<CategoryView>(c.post('/api/categories', body))).body;

beforeAll(async () => {
  system = await startSystem();
});
afterAll(async () => {
  await system?.close();
});

describe('/api/categories', () => {
  it('needs a signed-in user', async () => {
    expect(await json(new ApiClient(system.baseUrl).get('/api/categories'))).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('creates, lists, searches, updates and deletes a category', async () => {
    const c = await newUser();
    const created = await json<CategoryView>(c.post('/api/categories', { name: 'Tools', description: 'Hand tools' }));
    expect(created).toEqual({ status: 201, body: expect.objectContaining({ name: 'Tools', description: 'Hand tools', itemCount: 0 }) });
    const { id } = created.body;
    await createCategory(c, { name: 'Paint' });

    expect((await json<CategoryView[]>(c.get('/api/categories'))).body.map((x) => x.name)).toEqual(['Paint', 'Tools']);
    expect((await json<CategoryView[]>(c.get('/api/categories?search=too'))).body.map((x) => x.name)).toEqual(['Tools']);
    // The pickers search on the server and ask for the first few by name.
    expect((await json<CategoryView[]>(c.get('/api/categories?limit=1'))).body.map((x) => x.name)).toEqual(['Paint']);
    expect(await json(c.get('/api/categories?limit=abc'))).toEqual({
      status: 400,
      body: { message: 'limit must be a whole number from 1 to 1000' },
    });
    // The Categories screen pages: X-Total-Count says how many match over every page.
    const second = await c.get('/api/categories?limit=1&offset=1');
    expect([second.headers.get('x-total-count'), ((await second.json()) as CategoryView[]).map((x) => x.name)]).toEqual(['2', ['Tools']]);
    expect((await c.get('/api/categories?search=pai')).headers.get('x-total-count')).toBe('1');
    expect(await json(c.get('/api/categories?offset=-1'))).toEqual({
      status: 400,
      body: { message: 'offset must be a whole number of 0 or more' },
    });
    expect(await json(c.get(`/api/categories/${id}`))).toEqual({ status: 200, body: created.body });

    expect(await json(c.put(`/api/categories/${id}`, { name: 'Power tools', description: '' }))).toEqual({
      status: 200,
      body: { ...created.body, name: 'Power tools', description: null },
    });

    expect((await c.delete(`/api/categories/${id}`)).status).toBe(204);
    expect(await json(c.get(`/api/categories/${id}`))).toEqual({ status: 404, body: { message: 'Category not found' } });
  });

  it.each([
    [{}, 'Category name is required'],
    [{ name: '   ' }, 'Category name is required'],
    [{ name: 'x'.repeat(101) }, CategoryMessages.nameTooLong],
    [{ name: 'Tools', description: 42 }, CategoryMessages.descriptionInvalid],
    [{ name: 'Tools', userId: 'someone-else' }, 'property userId should not exist'],
  ])('answers %j with 400 and its message', async (body, message) => {
    const c = await newUser();
    expect(await json(c.post('/api/categories', body))).toEqual({ status: 400, body: { message } });
    expect((await json<CategoryView[]>(c.get('/api/categories'))).body).toEqual([]);
  });

  it('answers a duplicate name, in any case, with 409', async () => {
    const c = await newUser();
    const tools = await createCategory(c, { name: 'Tools' });
    const paint = await createCategory(c, { name: 'Paint' });
    const duplicate = { status: 409, body: { message: 'A category with this name already exists' } };
    expect(await json(c.post('/api/categories', { name: 'TOOLS' }))).toEqual(duplicate);
    expect(await json(c.put(`/api/categories/${paint.id}`, { name: 'tools' }))).toEqual(duplicate);
    expect((await c.put(`/api/categories/${tools.id}`, { name: 'TOOLS' })).status).toBe(200);
  });
});

describe("another user's category id (IDOR)", () => {
  let owner: ApiClient;
  let intruder: ApiClient;
  let category: CategoryView;
  const notFound = { status: 404, body: { message: 'Category not found' } };

  beforeAll(async () => {
    owner = await newUser();
    intruder = await newUser();
    category = await createCategory(owner, { name: 'Private' });
  });

  it.each([
    ['GET', (c: ApiClient, id: string) => c.get(`/api/categories/${id}`)],
    ['PUT', (c: ApiClient, id: string) => c.put(`/api/categories/${id}`, { name: 'Mine now' })],
    ['DELETE', (c: ApiClient, id: string) => c.delete(`/api/categories/${id}`)],
  ])('%s answers 404, exactly like an id that does not exist', async (_, call) => {
    expect(await json(call(intruder, category.id))).toEqual(notFound);
    expect(await json(call(intruder, randomUUID()))).toEqual(notFound);
    expect(await json(call(intruder, 'not-an-id'))).toEqual(notFound);
  });

  it('leaves the category as it was and out of the intruder’s list', async () => {
    expect(await json(owner.get(`/api/categories/${category.id}`))).toEqual({ status: 200, body: category });
    expect((await json(intruder.get('/api/categories'))).body).toEqual([]);
  });
});
