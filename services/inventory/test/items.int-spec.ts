import {
  ITEM_SORTS,
  InventoryMessages as M,
  MATCHES_COUNTED_PAST_PAGE,
  matchesCountedPastPage,
  SEARCH_MATCHES_COUNTED_PAST_PAGE,
  InventorySubjects as S,
  type Actor,
  type ItemSort,
  type ItemPage,
  type ItemView,
  type ListItemsQuery,
  type RegisterItemRequest,
} from '@inventory/contracts';
import { FAR_FROM_THE_START, type ServiceError } from '@inventory/platform';
import { eventually, queryDb } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { pruneIdempotencyKeys } from '../src/idempotency/idempotency-key-pruner.js';
import { sqlOf } from '../src/database/sql.js';
import { now } from '../src/items/write/command.js';
import { applyItemCommands } from '../src/items/write/handle-item-commands.js';
import { knownCategory, knownPlace, newActor, startInventory, type InventoryHarness } from './support/inventory.js';

let inv: InventoryHarness;
let owner: Actor;

beforeAll(async () => {
  inv = await startInventory();
});
afterAll(async () => {
  await inv?.close();
});
beforeEach(() => {
  owner = newActor();
});

const register = (data: Partial<RegisterItemRequest> = {}, actor = owner) =>
  inv.call(S.registerItem, { name: 'Widget', unitPrice: '2.50', ...data }, actor);
const move = (id: string, movementType: 'in' | 'out' | 'adjustment', quantity: number, locationId?: string) =>
  inv.call(S.recordMovement, { id, movementType, quantity, reason: 'test', locationId }, owner);

/**
 * Items with repeated names, stock and prices (ties go by id), a third without a SKU, half in
 * `categoryId`, a third at `locationId`, some low on stock.
 */
async function registerVariedItems(count: number, categoryId: string, locationId: string): Promise<void> {
  const names = ['apple', 'Banana', 'cherry', 'Apple', 'Elder'];
  for (let i = 0; i < count; i++) {
    await register({
      name: names[i % names.length],
      sku: i % 3 === 0 ? null : `s-${i % 7}-${i}`,
      currentStock: i % 4,
      reorderLevel: i % 5 === 0 ? 3 : 0,
      unitPrice: ['1.50', '3.00', '0.99'][i % 3],
      categoryId: i % 2 === 0 ? categoryId : undefined,
      locationId: i % 3 === 1 ? locationId : undefined,
    });
  }
}

/** Resolves once an event append (event-store.ts's statement) waits on a lock held by another transaction. */
const anAppendWaitsOnALock = () =>
  eventually(async () => {
    const [waiting] = await queryDb<{ n: number }>(
      'inventory',
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'WITH w0 AS (INSERT INTO events %'`,
    );
    return waiting.n > 0;
  }, 10_000);

describe('registering and listing items', () => {
  it('registers an item with spec defaults and shows it at once in the list', async () => {
    const item = await register({ sku: 'W-1', currentStock: 4 });
    expect(item).toMatchObject({
      name: 'Widget',
      sku: 'W-1',
      unitPrice: '2.50',
      currentStock: 4,
      reorderLevel: 0,
      status: 'in-stock',
      isActive: true,
      userId: owner.userId,
      stockByLocation: [{ locationId: null, quantity: 4, locationName: null }],
      version: 2,
    });
    const page = await inv.call(S.listItems, {}, owner);
    expect(page).toEqual({ items: [item], total: 1 });
  });

  it('lists items stored before their view text and references were (record_json, refs_json null) like any other, and stores it', async () => {
    const item = await register({ currentStock: 3, locationId: await knownPlace(owner, 'Shelf') });
    await move(item.id, 'in', 2, await knownPlace(owner, 'Van'));
    const before = await inv.call(S.listItems, {}, owner);
    await queryDb('inventory', 'UPDATE item_views SET record_json = NULL, refs_json = NULL WHERE workspace_id = $1', [owner.userId]);
    expect(await inv.call(S.listItems, {}, owner)).toEqual(before);
    expect(before.items).toEqual([await inv.call(S.getItem, { id: item.id }, owner)]);
    const [row] = await queryDb('inventory', 'SELECT record_json FROM item_views WHERE id = $1', [item.id]);
    expect(row.record_json).not.toBeNull();
  });

  it('keeps the total exact under concurrent registrations and archives, filtered or not', async () => {
    const items = await Promise.all(Array.from({ length: 20 }, (_, i) => register({ name: `Bolt ${i}`, currentStock: i % 2 })));
    await Promise.all(items.slice(0, 5).map((item) => inv.call(S.archiveItem, { id: item.id }, owner)));
    expect((await inv.call(S.listItems, { limit: 1 }, owner)).total).toBe(15);
    expect((await inv.call(S.listItems, { limit: 1, offset: 40 }, owner)).total).toBe(15);
    const outOfStock = items.slice(5).filter((item) => item.currentStock === 0).length;
    expect((await inv.call(S.listItems, { status: 'out-of-stock', limit: 1 }, owner)).total).toBe(outOfStock);
    expect((await inv.call(S.listItems, { limit: 1 }, newActor())).total).toBe(0);
  });

  it('keeps a SKU unique per user, ignoring case, and lets other users use it', async () => {
    await register({ sku: 'ABC-1' });
    expect(await inv.refusal(S.registerItem, { name: 'Other', unitPrice: '1', sku: 'abc-1' }, owner)).toMatchObject({
      status: 409,
      message: M.skuTaken,
    });
    await expect(register({ sku: 'ABC-1' }, newActor())).resolves.toMatchObject({ sku: 'ABC-1' });
  });

  it('answers 400 with the field message for invalid input and writes nothing', async () => {
    expect(await inv.refusal(S.registerItem, { name: '', unitPrice: '1.00' }, owner)).toMatchObject({
      status: 400,
      message: M.nameRequired,
    });
    expect(await inv.refusal(S.registerItem, { name: 'x', unitPrice: '' }, owner)).toMatchObject({
      status: 400,
      message: M.unitPriceRequired,
    });
    expect(await inv.refusal(S.registerItem, { name: 'x', unitPrice: '1.234' }, owner)).toMatchObject({ message: M.unitPriceInvalid });
    expect(await inv.refusal(S.registerItem, { name: 'x', unitPrice: '1', currentStock: -1 }, owner)).toMatchObject({
      message: M.initialStockInvalid,
    });
    const smuggled = { name: 'x', unitPrice: '1', userId: 'someone-else' } as never;
    expect(await inv.refusal(S.registerItem, smuggled, owner)).toMatchObject({ status: 400, message: 'property userId should not exist' });
    expect((await inv.call(S.listItems, {}, owner)).total).toBe(0);
  });

  it('filters by search on name or SKU, stock status, category and location, and pages', async () => {
    const [tools, shelf, van] = [await knownCategory(owner, 'Tools'), await knownPlace(owner, 'Shelf'), await knownPlace(owner, 'Van')];
    const drill = await register({ name: 'Cordless Drill', sku: 'DR-01', currentStock: 10, reorderLevel: 2, categoryId: tools });
    const tape = await register({ name: 'Tape', sku: 'TP-9', currentStock: 2, reorderLevel: 5, locationId: shelf });
    const glue = await register({ name: 'Glue', currentStock: 0 });
    const names = async (query: object) => (await inv.call(S.listItems, query, owner)).items.map((i) => i.name);
    expect(await names({ search: 'drill' })).toEqual(['Cordless Drill']);
    expect(await names({ search: 'tp-' })).toEqual(['Tape']);
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ status: 'low-stock' })).toEqual(['Tape']);
    expect(await names({ status: 'out-of-stock' })).toEqual(['Glue']);
    expect(await names({ status: 'in-stock' })).toEqual(['Cordless Drill']);
    expect(await names({ categoryId: tools })).toEqual(['Cordless Drill']);
    await inv.call(S.recordMovement, { id: drill.id, movementType: 'in', quantity: 1, reason: 'r', locationId: van }, owner);
    expect(await names({ locationId: shelf })).toEqual(['Tape']);
    expect(await names({ locationId: van })).toEqual(['Cordless Drill']);
    const page = await inv.call(S.listItems, { limit: 2, offset: 1 }, owner);
    expect(page.items.map((i) => i.id)).toEqual([tape.id, drill.id]);
    expect(page.total).toBe(3);
    expect(await inv.call(S.listItems, { limit: 2, offset: 5 }, owner)).toEqual({ items: [], total: 3 });
    expect(glue.status).toBe('out-of-stock');
  });

  it('moves an item between the status filters and along the stock order as its stock and reorder level change, and out of them when archived', async () => {
    const bolt = await register({ name: 'Bolt', currentStock: 10, reorderLevel: 3 });
    const nut = await register({ name: 'Nut', currentStock: 5, reorderLevel: 0 });
    const names = async (query: ListItemsQuery) => (await inv.call(S.listItems, query, owner)).items.map((i) => i.name);
    const byStatus = async () => ({
      in: await names({ status: 'in-stock' }),
      low: await names({ status: 'low-stock' }),
      out: await names({ status: 'out-of-stock' }),
      byStock: await names({ sort: 'currentStock' }),
    });
    expect(await byStatus()).toEqual({ in: ['Nut', 'Bolt'], low: [], out: [], byStock: ['Nut', 'Bolt'] });
    await move(bolt.id, 'out', 8);
    expect(await byStatus()).toEqual({ in: ['Nut'], low: ['Bolt'], out: [], byStock: ['Bolt', 'Nut'] });
    await inv.call(S.updateItem, { id: nut.id, reorderLevel: 5 }, owner);
    await move(bolt.id, 'out', 2);
    expect(await byStatus()).toEqual({ in: [], low: ['Nut'], out: ['Bolt'], byStock: ['Bolt', 'Nut'] });
    await inv.call(S.archiveItem, { id: nut.id }, owner);
    expect(await byStatus()).toEqual({ in: [], low: [], out: ['Bolt'], byStock: ['Bolt'] });
    expect((await inv.call(S.listItems, { status: 'low-stock' }, owner)).total).toBe(0);
  });

  it("rewrites an item's row of the list in place on a movement: none of its indexes reads what a movement changes", async () => {
    // A movement changes these columns (append.ts's item_views upsert); an index over any of them,
    // its condition included, would make PostgreSQL write every index again (Inventory0023).
    const changed = ['current_stock', 'stock', 'lots', 'version', 'updated_at', 'record_json', 'refs_json'];
    const indexes = await queryDb<{ name: string; definition: string }>(
      'inventory',
      "SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indrelid = 'item_views'::regclass",
    );
    expect(indexes.length).toBeGreaterThan(5);
    const reading = indexes.filter(({ definition }) => changed.some((column) => new RegExp(`\\b${column}\\b`).test(definition)));
    expect(reading).toEqual([]);
  });

  it("filters by place as the place's home or stock rule says, through moves, a new home and an archive", async () => {
    const [shelf, van, bin] = [await knownPlace(owner, 'Shelf'), await knownPlace(owner, 'Van'), await knownPlace(owner, 'Bin')];
    const places = [shelf, van, bin];
    const drill = await register({ name: 'Drill', currentStock: 4, locationId: shelf });
    const tape = await register({ name: 'Tape', currentStock: 2 });
    const glue = await register({ name: 'Glue', currentStock: 1, locationId: van });
    // The rule itself, straight from the item's row: its home is the place, or its stock lists it.
    const byRule = async (place: string) =>
      (
        await queryDb(
          'inventory',
          `SELECT name FROM item_views WHERE workspace_id = $1 AND is_active AND (location_id = $2 OR stock @> $3::jsonb) ORDER BY name`,
          [owner.workspaceId, place, JSON.stringify([{ locationId: place }])],
        )
      ).map((row) => row.name as string);
    const listed = async (place: string) => {
      const page = await inv.call(S.listItems, { locationId: place }, owner);
      return { names: page.items.map((item) => item.name).sort(), total: page.total };
    };
    const expectTheRule = async () => {
      for (const place of places) {
        const names = await byRule(place);
        expect(await listed(place)).toEqual({ names, total: names.length });
      }
    };
    await expectTheRule();
    await inv.call(S.transferStock, { id: drill.id, fromLocationId: shelf, toLocationId: bin, quantity: 3, reason: 'r' }, owner);
    await inv.call(S.recordMovement, { id: tape.id, movementType: 'in', quantity: 5, reason: 'r', locationId: van }, owner);
    await expectTheRule();
    expect((await listed(van)).names).toEqual(['Glue', 'Tape']);
    await inv.call(S.updateItem, { id: drill.id, locationId: van }, owner);
    await inv.call(S.archiveItem, { id: glue.id }, owner);
    await expectTheRule();
    expect((await listed(van)).names).toEqual(['Drill', 'Tape']);
    // Paged, newest first, from the place's own index; sorted otherwise, by the column.
    const page = async (query: object) => (await inv.call(S.listItems, { locationId: van, limit: 1, ...query }, owner)).items[0]?.name;
    expect([await page({}), await page({ offset: 1 }), await page({ offset: 2 })]).toEqual(['Tape', 'Drill', undefined]);
    expect([await page({ sort: 'name' }), await page({ sort: 'name', offset: 1 })]).toEqual(['Drill', 'Tape']);
  });

  it('counts a search only so far past the page, says the total is a lower bound, and counts the rest exactly', async () => {
    const shelf = await knownPlace(owner, 'Shelf');
    const bolts = SEARCH_MATCHES_COUNTED_PAST_PAGE + 2;
    for (let done = 0; done < bolts; done += 100)
      await Promise.all(
        Array.from({ length: Math.min(100, bolts - done) }, (_, i) => register({ name: `Bolt ${done + i}`, locationId: shelf })),
      );
    await register({ name: 'Nut' });
    const list = (query: object) => inv.call(S.listItems, { limit: 1, ...query }, owner);
    // One past the page plus the cap: more match, so the total is what was counted, flagged.
    const capped = { total: SEARCH_MATCHES_COUNTED_PAST_PAGE + 1, totalCapped: true };
    expect(await list({ search: 'bolt' })).toMatchObject(capped);
    expect(await list({ search: 'bolt', locationId: shelf })).toMatchObject(capped);
    // Further along, the count reaches the last match: exact again.
    const further = await list({ search: 'bolt', offset: 10 });
    expect(further.total).toBe(bolts);
    expect(further.totalCapped).toBeUndefined();
    expect((await list({ search: 'bolt', offset: bolts + 5 })).total).toBe(bolts);
    // Unfiltered, the kept count is exact at any size; a filter's count stops as a search's does (the next test).
    expect(await list({})).toMatchObject({ total: bolts + 1 });
    expect((await list({ search: 'nut' })).total).toBe(1);
  });

  it('counts a filter by status, category or place up to its cap past the page, then says the total is a lower bound', async () => {
    const actor = newActor();
    const [shelf, tools] = await Promise.all([knownPlace(actor, 'Shelf'), knownCategory(actor, 'Tools')]);
    const template = await register({ name: 'Bolt', categoryId: tools, locationId: shelf }, actor);
    // As many more as the cap and one: copies of its row (the list reads only these rows), made by
    // SQL because registering a thousand items one by one would take a while.
    const copies = MATCHES_COUNTED_PAST_PAGE + 1;
    await queryDb(
      'inventory',
      `INSERT INTO item_views (id, workspace_id, created_by, name, sku, description, unit_price, current_stock, reorder_level,
         category_id, location_id, image_url, code, barcodes, stock, is_active, version, created_at, updated_at, record_json, lots, nearest_expiry)
       SELECT gen_random_uuid(), workspace_id, created_by, name || ' ' || n, NULL, description, unit_price, current_stock, reorder_level,
         category_id, location_id, image_url, code || '-' || n, barcodes, stock, is_active, version, created_at - n * interval '1 ms',
         updated_at, record_json, lots, nearest_expiry
         FROM item_views, generate_series(1, $2::int) AS n WHERE id = $1`,
      [template.id, copies],
    );
    const matches = copies + 1;
    const list = (query: object) => inv.call(S.listItems, { limit: 1, ...query }, actor);
    for (const filter of [
      { status: 'out-of-stock' },
      { categoryId: tools },
      { locationId: shelf },
      { categoryId: tools, locationId: shelf },
    ]) {
      // One past the page plus the cap: more match, so the total is what was counted, flagged.
      expect(await list(filter)).toMatchObject({ total: 1 + MATCHES_COUNTED_PAST_PAGE, totalCapped: true });
      // Further along, the count reaches the last match: exact again.
      const further = await list({ ...filter, offset: 5 });
      expect(further.total).toBe(matches);
      expect(further.totalCapped).toBeUndefined();
    }
    // Unfiltered, the kept count is exact at any size.
    const all = await list({});
    expect(all.total).toBe(matches);
    expect(all.totalCapped).toBeUndefined();
  });

  it('sorts by each column both ways, paging without skipping or repeating, as an oracle sorts them', async () => {
    // Names that differ only in case, repeated values (ties go by id) and items without a SKU.
    const specs = [
      ['apple', 'b-2', 5, '3.00'],
      ['Banana', null, 0, '1.50'],
      ['cherry', 'A-1', 12, '3.00'],
      ['Apple', 'c-3', 5, '10.00'],
      ['date', null, 7, '0.99'],
      ['Elder', 'a-0', 12, '250.00'],
      ['fig', 'B-1', 1, '1.50'],
    ] as const;
    const items: ItemView[] = [];
    for (const [name, sku, currentStock, unitPrice] of specs) items.push(await register({ name, sku, currentStock, unitPrice }));
    const byId = (a: ItemView, b: ItemView) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const text = (value: string | null) => value?.toLowerCase() ?? null;
    const keys: Record<ItemSort, (item: ItemView) => string | number | null> = {
      name: (item) => text(item.name),
      sku: (item) => text(item.sku),
      currentStock: (item) => item.currentStock,
      unitPrice: (item) => Number(item.unitPrice),
      createdAt: (item) => item.createdAt,
    };
    // PostgreSQL's order: NULL above every value, so last ascending and first descending.
    const compare = (key: (item: ItemView) => string | number | null) => (a: ItemView, b: ItemView) => {
      const [x, y] = [key(a), key(b)];
      if (x === y) return byId(a, b);
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    };
    for (const sort of ITEM_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const ascending = [...items].sort(compare(keys[sort]));
        const expected = (order === 'asc' ? ascending : ascending.reverse()).map((item) => item.name);
        const pages = [0, 3, 6].map((offset) => inv.call(S.listItems, { sort, order, limit: 3, offset }, owner));
        const paged = (await Promise.all(pages)).flatMap((page) => page.items.map((item) => item.name));
        expect([sort, order, paged]).toEqual([sort, order, expected]);
      }
    }
    // A search's matches, found once and then sorted, page the same way; its total is theirs.
    const matching = items.filter((item) => [item.name, item.sku ?? ''].some((value) => value.toLowerCase().includes('e')));
    for (const sort of [...ITEM_SORTS, undefined]) {
      for (const order of ['asc', 'desc'] as const) {
        const ascending = sort ? [...matching].sort(compare(keys[sort])) : [...matching].reverse();
        const expected = (order === 'asc' || !sort ? ascending : ascending.reverse()).map((item) => item.name);
        const pages = await Promise.all(
          [0, 2, 4].map((offset) => inv.call(S.listItems, { search: 'E', sort, order, limit: 2, offset }, owner)),
        );
        expect(pages.map((page) => page.total)).toEqual([matching.length, matching.length, matching.length]);
        expect([sort, order, pages.flatMap((page) => page.items.map((item) => item.name))]).toEqual([sort, order, expected]);
      }
    }
    // Without an order a sort is ascending; without a sort the list stays newest first.
    expect((await inv.call(S.listItems, { sort: 'currentStock' }, owner)).items.map((item) => item.currentStock)).toEqual([
      0, 1, 5, 5, 7, 12, 12,
    ]);
    expect((await inv.call(S.listItems, {}, owner)).items.map((item) => item.name)).toEqual(specs.map(([name]) => name).reverse());
    expect(await inv.refusal(S.listItems, { sort: 'price' } as never, owner)).toMatchObject({ status: 400, message: M.sortInvalid });
    expect(await inv.refusal(S.listItems, { sort: 'name', order: 'up' } as never, owner)).toMatchObject({
      status: 400,
      message: 'order must be asc or desc',
    });
  });

  it('gives a page far from the start, read from the nearer end, the rows the whole order has there', async () => {
    // Past FAR_FROM_THE_START rows, in the back half: repeated names, stock and prices (ties go by
    // id), a third without a SKU.
    const count = FAR_FROM_THE_START + 150;
    const names = ['apple', 'Banana', 'cherry', 'Apple', 'date'];
    for (let first = 0; first < count; first += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, count - first) }, (_, k) => {
          const i = first + k;
          return register({
            name: names[i % names.length],
            sku: i % 3 === 0 ? null : `s-${i}`,
            currentStock: i % 13,
            unitPrice: ['1.50', '3.00', '0.99'][i % 3],
          });
        }),
      );
    }
    const rows = await queryDb<{
      id: string;
      name: string;
      sku: string | null;
      current_stock: number;
      unit_price: string;
      created: string;
    }>(
      'inventory',
      `SELECT id, name, sku, current_stock, unit_price::text, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS.US') AS created
         FROM item_views WHERE workspace_id = $1 AND is_active`,
      [owner.workspaceId],
    );
    expect(rows).toHaveLength(count);
    type Row = (typeof rows)[number];
    const keys: Record<ItemSort, (row: Row) => string | number | null> = {
      name: (row) => row.name.toLowerCase(),
      sku: (row) => row.sku?.toLowerCase() ?? null,
      currentStock: (row) => row.current_stock,
      unitPrice: (row) => Number(row.unit_price),
      createdAt: (row) => row.created,
    };
    // PostgreSQL's order: NULL last ascending, first descending; ties by id in the same direction.
    const ascending = (key: (row: Row) => string | number | null) =>
      [...rows].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x === y) return a.id < b.id ? -1 : 1;
        if (x === null) return 1;
        if (y === null) return -1;
        return x < y ? -1 : 1;
      });
    const orders: [ItemSort | undefined, 'asc' | 'desc'][] = [
      [undefined, 'asc'],
      ...ITEM_SORTS.flatMap(
        (sort) =>
          [
            [sort, 'asc'],
            [sort, 'desc'],
          ] as [ItemSort, 'asc' | 'desc'][],
      ),
    ];
    for (const [sort, order] of orders) {
      const up = ascending(keys[sort ?? 'createdAt']);
      const expected = (sort === undefined || order === 'desc' ? up.reverse() : up).map((row) => row.id);
      // The back half by number (a whole page, the last one cut short, past the end), and one of the front half.
      for (const [offset, limit] of [
        [FAR_FROM_THE_START, 100],
        [count - 50, 100],
        [count, 100],
        [FAR_FROM_THE_START - 400, 100],
      ]) {
        const page = await inv.call(S.listItems, { sort, order, limit, offset }, owner);
        expect([sort, order, offset, page.total, page.items.map((item) => item.id)]).toEqual([
          sort,
          order,
          offset,
          count,
          expected.slice(offset, offset + limit),
        ]);
      }
    }
  }, 120_000);
});

describe('paging after a cursor', () => {
  it('walks every order, filtered or not, page after page by cursor through the rows the pages by number give', async () => {
    const [tools, shelf] = [await knownCategory(owner, 'Tools'), await knownPlace(owner, 'Shelf')];
    await registerVariedItems(23, tools, shelf);
    const orders: Pick<ListItemsQuery, 'sort' | 'order'>[] = [
      {},
      ...ITEM_SORTS.flatMap((sort) => [{ sort }, { sort, order: 'desc' as const }]),
    ];
    const filters: Partial<ListItemsQuery>[] = [{}, { status: 'low-stock' }, { categoryId: tools }, { locationId: shelf }, { search: 'E' }];
    const limit = 4;
    for (const order of orders) {
      for (const filter of filters) {
        const query = { ...order, ...filter, limit };
        const byNumber: string[] = [];
        for (let offset = 0; ; offset += limit) {
          const page = await inv.call(S.listItems, { ...query, offset }, owner);
          byNumber.push(...page.items.map((item) => item.id));
          if (page.items.length < limit) break;
        }
        const byCursor: string[] = [];
        let next: string | undefined;
        for (let offset = 0; ; offset += limit) {
          const page: ItemPage = await inv.call(S.listItems, { ...query, offset, after: next }, owner);
          byCursor.push(...page.items.map((item) => item.id));
          // Each page's count as by number: the cursor's page stands where its offset says.
          expect(page.total).toBe(Math.min(byNumber.length, offset + limit + matchesCountedPastPage(filter)));
          if (page.next === undefined) break;
          expect(page.items).toHaveLength(limit);
          next = page.next;
        }
        expect([query, byCursor]).toEqual([query, byNumber]);
        expect(byNumber.length).toBeGreaterThan(0);
      }
    }
    // Without a filter the total says when the last page is reached: no cursor past it.
    const whole = await inv.call(S.listItems, { limit: 23 }, owner);
    expect([whole.items.length, whole.next]).toEqual([23, undefined]);
  });

  it("answers a first page of the app's sizes (24, 100: bounds in the statement's text), and the next by cursor, as pages of another size give them", async () => {
    const [tools, shelf] = [await knownCategory(owner, 'Tools'), await knownPlace(owner, 'Shelf')];
    await registerVariedItems(30, tools, shelf);
    const orders: Pick<ListItemsQuery, 'sort' | 'order'>[] = [{}, { sort: 'name' }, { sort: 'currentStock', order: 'desc' }];
    const filters: Partial<ListItemsQuery>[] = [{}, { status: 'in-stock' }, { categoryId: tools }, { locationId: shelf }, { search: 'e' }];
    for (const order of orders) {
      for (const filter of filters) {
        const query = { ...order, ...filter };
        const rows: string[] = [];
        for (let offset = 0; ; offset += 7) {
          const page = await inv.call(S.listItems, { ...query, limit: 7, offset }, owner);
          rows.push(...page.items.map((item) => item.id));
          if (page.items.length < 7) break;
        }
        const filtered = Object.keys(filter).length > 0;
        for (const limit of [24, 100]) {
          const page = await inv.call(S.listItems, { ...query, limit }, owner);
          expect([query, limit, page.items.map((item) => item.id)]).toEqual([query, limit, rows.slice(0, limit)]);
          expect(page.total).toBe(filtered ? Math.min(rows.length, limit + matchesCountedPastPage(filter)) : rows.length);
          // A full filtered page links on (its count stops past the page); an unfiltered one while rows remain.
          expect(page.next !== undefined).toBe(filtered ? rows.length >= limit : rows.length > limit);
          if (page.next === undefined || filtered) continue;
          const after = await inv.call(S.listItems, { ...query, limit, offset: limit, after: page.next }, owner);
          expect([query, after.items.map((item) => item.id), after.total]).toEqual([query, rows.slice(limit, 2 * limit), rows.length]);
        }
      }
    }
  });

  it('refuses a cursor it did not give, or of another order, and shows another workspace none of the items before it', async () => {
    for (let i = 0; i < 3; i++) await register({ name: `Part ${i}` });
    const { next } = await inv.call(S.listItems, { sort: 'name', limit: 1 }, owner);
    expect(next).toEqual(expect.any(String));
    const forged = Buffer.from(JSON.stringify(['name:asc', "x') OR true --", 'not-an-id'])).toString('base64url');
    for (const [query, after] of [
      [{ sort: 'name', order: 'desc' }, next],
      [{}, next],
      [{ sort: 'unitPrice' }, next],
      [{ sort: 'name' }, forged],
      [{ sort: 'name' }, 'not base64 at all!'],
      [{ sort: 'name' }, next!.slice(0, -3)],
    ] as const) {
      expect(await inv.refusal(S.listItems, { ...query, after } as ListItemsQuery, owner)).toMatchObject({
        status: 400,
        message: M.cursorInvalid,
      });
    }
    // A cursor holds sort keys only: in another workspace it seeks among that workspace's items.
    const other = newActor();
    await register({ name: 'Zebra part' }, other);
    const elsewhere = await inv.call(S.listItems, { sort: 'name', after: next }, other);
    expect(elsewhere.items.map((item) => item.name)).toEqual(['Zebra part']);
  });
});

describe('changing items', () => {
  it('updates the editable details and the reorder level in one call, recording only real changes', async () => {
    const item = await register({ sku: 'S-1' });
    const updated = await inv.call(
      S.updateItem,
      { id: item.id, name: 'Gadget', sku: 'S-1', unitPrice: '3.00', reorderLevel: 5, imageUrl: '/api/images/a.png' },
      owner,
    );
    expect(updated).toMatchObject({
      name: 'Gadget',
      unitPrice: '3.00',
      reorderLevel: 5,
      imageUrl: '/api/images/a.png',
      version: 3,
      status: 'out-of-stock',
    });
    const events = await queryDb('inventory', 'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY version', [`item-${item.id}`]);
    expect(events.map((e) => e.type)).toEqual(['ItemRegistered', 'ItemDetailsChanged', 'ReorderLevelSet']);
    expect(events[1].data.changes).toEqual({ name: 'Gadget', unitPrice: '3.00', imageUrl: '/api/images/a.png' });
    const unchanged = await inv.call(S.updateItem, { id: item.id, name: 'Gadget' }, owner);
    expect(unchanged.version).toBe(3);
  });

  it('archives an item: hidden from the list, 404 afterwards', async () => {
    const item = await register();
    expect(await inv.call(S.archiveItem, { id: item.id }, owner)).toMatchObject({ isActive: false });
    expect((await inv.call(S.listItems, {}, owner)).items).toEqual([]);
    expect(await inv.refusal(S.getItem, { id: item.id }, owner)).toMatchObject({ status: 404, message: M.itemNotFound });
    expect(await inv.refusal(S.recordMovement, { id: item.id, movementType: 'in', quantity: 1, reason: 'r' }, owner)).toMatchObject({
      status: 404,
    });
  });
});

describe('stock movements', () => {
  it('records in, out and adjustment with the spec semantics and refuses going below zero', async () => {
    const item = await register({ currentStock: 5 });
    expect((await move(item.id, 'in', 3)).item.currentStock).toBe(8);
    const out = await move(item.id, 'out', 2);
    expect(out.movement).toMatchObject({
      movementType: 'out',
      quantity: 2,
      delta: -2,
      stockAfter: 6,
      reason: 'test',
      userId: owner.userId,
    });
    const adjusted = await move(item.id, 'adjustment', 10);
    expect(adjusted.movement).toMatchObject({ movementType: 'adjustment', quantity: 10, delta: 4, stockAfter: 10 });
    expect(await inv.refusal(S.recordMovement, { id: item.id, movementType: 'out', quantity: 11, reason: 'r' }, owner)).toMatchObject({
      status: 409,
      message: 'Insufficient stock: 10 available',
    });
    expect(await inv.refusal(S.recordMovement, { id: item.id, movementType: 'in', quantity: 0, reason: 'r' }, owner)).toMatchObject({
      status: 400,
      message: M.quantityInvalid,
    });
    expect(await inv.refusal(S.recordMovement, { id: item.id, movementType: 'in', quantity: 1, reason: ' ' }, owner)).toMatchObject({
      status: 400,
      message: M.reasonRequired,
    });
    expect(
      await inv.refusal(S.recordMovement, { id: item.id, movementType: 'gift', quantity: 1, reason: 'r' } as never, owner),
    ).toMatchObject({
      message: M.movementTypeInvalid,
    });
  });

  it('answers each of many simultaneous requests on one item on its own; a refused one frees its Idempotency-Key', async () => {
    const item = await register({ currentStock: 5 });
    const takeOut = (quantity: number, idempotencyKey?: string) =>
      inv
        .call(
          S.recordMovement,
          { id: item.id, movementType: 'out', quantity, reason: 'test' },
          owner,
          idempotencyKey ? { idempotencyKey } : undefined,
        )
        .then(
          (answer) => answer.movement.stockAfter,
          (error: ServiceError) => error.message,
        );
    const [tooMuch, ...ones] = await Promise.all([takeOut(100, 'key-1'), ...Array.from({ length: 10 }, () => takeOut(1))]);
    expect(tooMuch).toMatch(/^Insufficient stock: \d available$/);
    expect(ones.filter((answer) => typeof answer === 'number').sort()).toEqual([0, 1, 2, 3, 4]);
    expect(ones.filter((answer) => answer === 'Insufficient stock: 0 available')).toHaveLength(5);
    const reused = await inv.call(S.recordMovement, { id: item.id, movementType: 'in', quantity: 2, reason: 'test' }, owner, {
      idempotencyKey: 'key-1',
    });
    expect(reused.item.currentStock).toBe(2);
    const timeline = await inv.call(S.listMovements, { id: item.id }, owner);
    expect(timeline.filter((entry) => entry.movementType === 'out')).toHaveLength(5);
  });

  it('commits simultaneous movements on many items together and still answers each on its own', async () => {
    const other = newActor();
    const items = await Promise.all(Array.from({ length: 12 }, () => register({ currentStock: 1 })));
    const othersItem = await register({ currentStock: 1 }, other);
    // Even items receive a quantity of their own; odd ones are asked for more than they hold.
    const receives = (k: number) => k % 2 === 0;
    const answer = (promise: Promise<{ item: ItemView }>) =>
      promise.then(
        (result) => result.item.currentStock,
        (error: ServiceError) => error.message,
      );
    const [answers, intruder, ownMove] = await Promise.all([
      Promise.all(items.map((item, k) => answer(receives(k) ? move(item.id, 'in', k + 1) : move(item.id, 'out', 5)))),
      answer(move(othersItem.id, 'in', 5)),
      // Its owner's own request, refused, in the same group as someone else's on it.
      answer(inv.call(S.recordMovement, { id: othersItem.id, movementType: 'out', quantity: 2, reason: 'test' }, other)),
    ]);
    const expected = items.map((_, k) => (receives(k) ? k + 2 : 'Insufficient stock: 1 available'));
    expect(answers).toEqual(expected);
    expect(intruder).toBe(M.itemNotFound);
    expect(ownMove).toBe('Insufficient stock: 1 available');
    const streams = await queryDb<{ stream_id: string; versions: number[]; published: number }>(
      'inventory',
      `SELECT e.stream_id, array_agg(e.version ORDER BY e.version) AS versions, count(o.event_id)::int AS published
         FROM events e LEFT JOIN outbox o ON o.event_id = e.event_id WHERE e.stream_id = ANY($1) GROUP BY e.stream_id`,
      [[...items, othersItem].map((item) => `item-${item.id}`)],
    );
    const byStream = new Map(streams.map(({ stream_id, ...rest }) => [stream_id, rest]));
    // Registered with stock (two events), then the accepted movement.
    const written = (k: number) => (receives(k) ? { versions: [1, 2, 3], published: 3 } : { versions: [1, 2], published: 2 });
    items.forEach((item, k) => expect(byStream.get(`item-${item.id}`)).toEqual(written(k)));
    expect(byStream.get(`item-${othersItem.id}`)).toEqual({ versions: [1, 2], published: 2 });
    expect((await inv.call(S.listItems, {}, other)).items[0].currentStock).toBe(1);
    const listed = new Map((await inv.call(S.listItems, {}, owner)).items.map((item) => [item.id, item.currentStock]));
    expect(items.map((item) => listed.get(item.id))).toEqual(items.map((_, k) => (receives(k) ? k + 2 : 1)));
  });

  it('retries each item of a group on its own when another writer appended to one of them meanwhile', async () => {
    const [contested, bystander] = await Promise.all([register({ currentStock: 1 }), register({ currentStock: 1 })]);
    let release!: () => void;
    let written!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const wrote = new Promise<void>((resolve) => (written = resolve));
    // Another writer (a second instance, say) appends to the contested item and keeps its transaction open.
    const elsewhere = inv.orm.em.fork().transactional(async (em) => {
      await applyItemCommands(em, { workspaceId: owner.workspaceId, userId: owner.userId, occurredAt: now() }, contested.id, [
        { type: 'ReceiveStock', data: { quantity: 10, locationId: null, reason: 'elsewhere', movementId: randomUUID() } },
      ]);
      written();
      await gate;
    });
    await wrote;
    const moves = Promise.all([move(contested.id, 'out', 1), move(bystander.id, 'in', 1)]);
    try {
      // The group (both items in one append) read the contested item before that append and now waits on its version:
      // until the group fails, no append of them but the group's can be waiting.
      await anAppendWaitsOnALock();
    } finally {
      release();
      await elsewhere;
    }
    const [taken, added] = await moves;
    expect(taken.movement).toMatchObject({ delta: -1, stockAfter: 10 });
    expect(added.item.currentStock).toBe(2);
    const timeline = await inv.call(S.listMovements, { id: contested.id }, owner);
    expect(timeline.map((entry) => entry.reason)).toEqual(['test', 'elsewhere', expect.any(String)]);
  });

  it('runs a movement again when it met another instance’s locked write of the item in a deadlock', async () => {
    const item = await register({ currentStock: 1 });
    // Another instance's write with the item locked (an Idempotency-Key, a place named) locks the
    // snapshot; this instance's unlocked append takes the next version's key and waits for the
    // snapshot; then the other appends the same version: each waits for the other.
    let moved!: ReturnType<typeof move>;
    const elsewhere = inv.orm.em.fork().transactional(async (em) => {
      await sqlOf(em)('SELECT 1 FROM item_snapshots WHERE item_id = ? FOR UPDATE', [item.id]);
      moved = move(item.id, 'in', 1);
      await anAppendWaitsOnALock();
      await applyItemCommands(em, { workspaceId: owner.workspaceId, userId: owner.userId, occurredAt: now() }, item.id, [
        { type: 'ReceiveStock', data: { quantity: 10, locationId: null, reason: 'elsewhere', movementId: randomUUID() } },
      ]);
    });
    // PostgreSQL fails one side of a deadlock: whichever it is, the user's movement is answered as done.
    const elsewhereCommitted = await elsewhere.then(
      () => true,
      () => false,
    );
    await expect(moved).resolves.toMatchObject({ movement: { delta: 1 } });
    expect((await inv.call(S.getItem, { id: item.id }, owner)).currentStock).toBe(elsewhereCommitted ? 12 : 2);
  });

  it('forgets Idempotency-Keys after a day: the same key then runs as a new request', async () => {
    const item = await register({ currentStock: 1 });
    const receive = () =>
      inv.call(S.recordMovement, { id: item.id, movementType: 'in', quantity: 1, reason: 'test' }, owner, { idempotencyKey: 'daily' });
    expect((await receive()).item.currentStock).toBe(2);
    expect((await receive()).item.currentStock).toBe(2);
    await inv.orm.em
      .fork()
      .getConnection()
      .execute(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = ?`, [owner.userId]);
    expect(await pruneIdempotencyKeys(inv.orm)).toBeGreaterThanOrEqual(1);
    expect((await receive()).item.currentStock).toBe(3);
  });

  it('keeps stock per location, transfers between two places in one event and refuses more than the source holds', async () => {
    const [shelf, van] = [await knownPlace(owner, 'Shelf'), await knownPlace(owner, 'Van')];
    const item = await register({ currentStock: 2 });
    await move(item.id, 'in', 5, shelf);
    const moved = await inv.call(
      S.transferStock,
      { id: item.id, fromLocationId: shelf, toLocationId: van, quantity: 3, reason: 'restock' },
      owner,
    );
    expect(moved.movement).toMatchObject({
      movementType: 'transfer',
      quantity: 3,
      delta: 0,
      stockAfter: 7,
      locationId: shelf,
      toLocationId: van,
    });
    const held = new Map(moved.item.stockByLocation.map(({ locationId, quantity }) => [locationId, quantity]));
    expect(held).toEqual(
      new Map<string | null, number>([
        [null, 2],
        [shelf, 2],
        [van, 3],
      ]),
    );
    expect(
      await inv.refusal(S.transferStock, { id: item.id, fromLocationId: shelf, toLocationId: van, quantity: 3, reason: 'r' }, owner),
    ).toMatchObject({ status: 409, message: 'Insufficient stock: 2 available at the source location' });
    expect(
      await inv.refusal(S.transferStock, { id: item.id, fromLocationId: van, toLocationId: van, quantity: 1, reason: 'r' }, owner),
    ).toMatchObject({
      status: 400,
      message: M.sameLocation,
    });
  });

  it('undoes a movement with a compensating event, once, and never into negative stock', async () => {
    const item = await register({ currentStock: 10 });
    const out = await move(item.id, 'out', 4);
    const undone = await inv.call(S.undoMovement, { id: item.id, movementId: out.movement.id }, owner);
    expect(undone.movement).toMatchObject({ movementType: 'undo', undoes: out.movement.id, delta: 4, stockAfter: 10, reason: 'Undo' });
    expect(await inv.refusal(S.undoMovement, { id: item.id, movementId: out.movement.id }, owner)).toMatchObject({
      status: 409,
      message: M.alreadyUndone,
    });
    const received = await move(item.id, 'in', 5);
    await move(item.id, 'out', 12);
    expect(await inv.refusal(S.undoMovement, { id: item.id, movementId: received.movement.id }, owner)).toMatchObject({
      status: 409,
      message: M.undoWouldGoNegative(3, 5),
    });
    expect(await inv.refusal(S.undoMovement, { id: item.id, movementId: 'nope' }, owner)).toMatchObject({
      status: 404,
      message: M.movementNotFound,
    });
  });

  it("lists the item's timeline from its events, newest first, with undone-by", async () => {
    const item = await register({ currentStock: 3 });
    const out = await move(item.id, 'out', 1);
    const undo = await inv.call(S.undoMovement, { id: item.id, movementId: out.movement.id, reason: 'typo' }, owner);
    const timeline = await inv.call(S.listMovements, { id: item.id }, owner);
    expect(timeline.map((e) => [e.movementType, e.quantity, e.delta, e.stockAfter, e.undoneBy])).toEqual([
      ['undo', 1, 1, 3, null],
      ['out', 1, -1, 2, undo.movement.id],
      ['in', 3, 3, 3, null],
    ]);
    expect(timeline[2].reason).toBe('Initial stock');
    const older = await inv.call(S.listMovements, { id: item.id, before: out.movement.id, limit: 5 }, owner);
    expect(older.map((e) => e.movementType)).toEqual(['in']);
  });
});

describe("another user's items", () => {
  it('answer 404 exactly like missing ones on every item route', async () => {
    const item = await register({ currentStock: 5 });
    const movement = (await move(item.id, 'in', 1)).movement;
    const intruder = newActor();
    const notFound = { status: 404, message: M.itemNotFound };
    const id = item.id;
    expect(await inv.refusal(S.getItem, { id }, intruder)).toMatchObject(notFound);
    expect(await inv.refusal(S.updateItem, { id, name: 'mine' }, intruder)).toMatchObject(notFound);
    expect(await inv.refusal(S.archiveItem, { id }, intruder)).toMatchObject(notFound);
    expect(await inv.refusal(S.recordMovement, { id, movementType: 'out', quantity: 1, reason: 'r' }, intruder)).toMatchObject(notFound);
    const intruderPlace = await knownPlace(intruder);
    expect(
      await inv.refusal(S.transferStock, { id, fromLocationId: null, toLocationId: intruderPlace, quantity: 1, reason: 'r' }, intruder),
    ).toMatchObject(notFound);
    expect(await inv.refusal(S.undoMovement, { id, movementId: movement.id }, intruder)).toMatchObject(notFound);
    expect(await inv.refusal(S.listMovements, { id }, intruder)).toMatchObject(notFound);
    expect(await inv.refusal(S.getItem, { id: 'not-a-uuid' }, owner)).toMatchObject(notFound);
    expect((await inv.call(S.listItems, {}, intruder)).items).toEqual([]);
    const untouched: ItemView = await inv.call(S.getItem, { id }, owner);
    expect(untouched.version).toBe(item.version + 1);
  });

  it('refuses a call without a signed-in actor', async () => {
    const error = await inv.call(S.listItems, {}, undefined as never).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
  });
});
