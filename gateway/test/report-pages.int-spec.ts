import type { ClientProxy } from '@nestjs/microservices';
import {
  REPORT_SORTS,
  REPORT_TYPES,
  ReportMessages,
  ReportingSubjects,
  STOCK_STATUS_LABELS,
  type CategoryEvent,
  type ItemEvent,
  type ReportPage,
  type ReportRow,
  type ReportType,
} from '@inventory/contracts';
import { connectEvents, rpc, type EventsConnection } from '@inventory/platform';
import { publishEvents, testActor, testServers } from '@inventory/platform/testing';
import { waitUntilApplied } from '../../services/reporting/test/support/reporting-harness.js';
import { sortedBy } from '../../services/reporting/test/support/report-order.js';
import { daysAgo, TestCategory, TestItem } from '../../services/reporting/test/support/test-item.js';
import { NATS_CLIENT } from '../src/nats/nats-client.module.js';
import { json, signUp, type SignedUp } from './support/api-client.js';
import { joinedAs } from './support/workspaces.js';
import { startSystem, type System } from './support/system.js';

/*
 * Report pages sorted on the server (docs/reports.md), checked against an oracle: the unpaged spec
 * list of the same report, sorted here by the same rule.
 */
let system: System;
let events: EventsConnection;
let owner: SignedUp;

const NAMES = ['anvil', 'Bolt', 'bolt', 'chisel', 'drill', 'epoxy', 'file', 'glue', 'hammer', 'level', 'mallet', 'nail', 'oil', 'pliers'];
const PAGE = 4;

beforeAll(async () => {
  system = await startSystem();
  events = await connectEvents(testServers.natsUrl(), 'gateway-report-pages-test');
  owner = await signUp(system.baseUrl);
  const workspace = owner.user.id;
  const categories = ['Fasteners', 'adhesives', 'Tools'].map((name) => new TestCategory(workspace, name));
  const list: (CategoryEvent | ItemEvent)[] = categories.map((category) => category.created(daysAgo(20)));
  NAMES.forEach((name, i) => {
    const item = new TestItem(workspace);
    list.push(
      item.at(daysAgo(15)).registered({
        name,
        sku: i % 3 === 0 ? null : `SKU-${(i * 7) % 11}`,
        unitPrice: `${(i * 3) % 7}.${i % 2 ? '50' : '05'}`,
        reorderLevel: i % 5,
        categoryId: i % 4 === 3 ? null : categories[i % 3].categoryId,
      }),
    );
    // Stock 0 to 8: out, low and in stock; some moved within the report's 30 days, some before.
    if (i % 9 !== 0) list.push(item.at(daysAgo(i % 2 ? 20 : 2)).received(i % 9));
    if (i % 4 === 1) list.push(item.at(daysAgo(1)).issued(1));
  });
  await publishEvents(events, list);
  await waitUntilApplied(list.map((e) => e.id));
});
afterAll(async () => {
  await events?.nc.drain();
  await system?.close();
});

const unpaged = async (query: string) => (await json<ReportRow[]>(owner.client.get(`/api/reports/inventory?${query}`))).body;

async function allPages(query: string, pageSize = PAGE): Promise<{ rows: ReportRow[]; pages: ReportPage[] }> {
  const pages: ReportPage[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await json<ReportPage>(owner.client.get(`/api/reports/inventory?${query}&page=${page}&pageSize=${pageSize}`));
    expect(status).toBe(200);
    pages.push(body);
    if (body.rows.length < pageSize) break;
  }
  return { rows: pages.flatMap((page) => page.rows), pages };
}

/** Every page of the report by following each page's cursor (`next`) from the first, as the Reports screen steps through it. */
async function pagesByCursor(query: string, pageSize = PAGE): Promise<ReportPage[]> {
  const pages: ReportPage[] = [];
  let after = '';
  do {
    const { status, body } = await json<ReportPage>(owner.client.get(`/api/reports/inventory?${query}&pageSize=${pageSize}${after}`));
    expect(status).toBe(200);
    pages.push(body);
    after = body.next ? `&after=${encodeURIComponent(body.next)}` : '';
  } while (after);
  return pages;
}

/** A past instant between the test's events (AS_OF in a test's name): after the registrations, before the last movements. */
const AS_OF = encodeURIComponent(daysAgo(5).toISOString());

describe('GET /api/reports/inventory with page or pageSize', () => {
  it.each(REPORT_TYPES)('pages the %s report in its own order, the pages together being the whole list', async (type: ReportType) => {
    const whole = await unpaged(`type=${type}`);
    expect(whole.length).toBeGreaterThan(PAGE);
    const { rows, pages } = await allPages(`type=${type}`);
    expect(rows).toEqual(whole);
    for (const page of pages) expect(page.total).toBe(whole.length);
  });

  it.each(REPORT_SORTS.flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'sorts every row by %s %s, ties by name then id',
    async (sort, order) => {
      const whole = await unpaged('type=inventory');
      const { rows } = await allPages(`sort=${sort}&order=${order}`);
      expect(rows.map((row) => row.id)).toEqual(sortedBy(whole, sort, order).map((row) => row.id));
    },
  );

  it('gives totals over every row of the report, not only the page', async () => {
    for (const type of REPORT_TYPES) {
      const whole = await unpaged(`type=${type}`);
      const { body } = await json<ReportPage>(owner.client.get(`/api/reports/inventory?type=${type}&pageSize=2`));
      expect(body.rows).toHaveLength(2);
      expect(body.totals).toEqual({
        value: Math.round(whole.reduce((sum, row) => sum + row.totalValue, 0) * 100) / 100,
        lowStock: whole.filter((row) => row.status !== 'in-stock').length,
        items: whole.length,
        categories: new Set(whole.map((row) => row.category?.name).filter(Boolean)).size,
      });
    }
  });

  it('searches the name or the SKU, case-insensitively, with % taken literally', async () => {
    const whole = await unpaged('type=inventory');
    const { body } = await json<ReportPage>(owner.client.get('/api/reports/inventory?search=BOL&pageSize=50'));
    expect(body.rows.map((row) => row.name).sort()).toEqual(['Bolt', 'bolt']);
    const bySku = await json<ReportPage>(owner.client.get('/api/reports/inventory?search=sku-1&pageSize=50'));
    expect(bySku.body.rows.map((row) => row.id).sort()).toEqual(
      whole
        .filter((row) => row.sku?.toLowerCase().includes('sku-1'))
        .map((row) => row.id)
        .sort(),
    );
    expect((await json<ReportPage>(owner.client.get('/api/reports/inventory?search=%25&pageSize=50'))).body.total).toBe(0);
  });

  it('answers a page past the end with no rows and the true total', async () => {
    const { body } = await json<ReportPage>(owner.client.get('/api/reports/inventory?page=99&pageSize=10'));
    expect(body).toMatchObject({ rows: [], total: NAMES.length });
  });

  it('shows another workspace none of the rows', async () => {
    const other = await signUp(system.baseUrl);
    const { body } = await json<ReportPage>(other.client.get('/api/reports/inventory?pageSize=10'));
    expect(body).toEqual({ rows: [], total: 0, totals: { value: 0, lowStock: 0, items: 0, categories: 0 }, next: null });
  });

  it.each([
    ['sort=price', ReportMessages.sortInvalid],
    ['order=sideways', ReportMessages.orderInvalid],
    ['page=0', ReportMessages.pageInvalid],
    ['page=1.5', ReportMessages.pageInvalid],
    ['pageSize=501', ReportMessages.pageSizeInvalid],
    ['pageSize=abc', ReportMessages.pageSizeInvalid],
    [`search=${'x'.repeat(201)}`, ReportMessages.searchInvalid],
  ])('refuses %.20s with 400 and the reason', async (query, message) => {
    expect(await json(owner.client.get(`/api/reports/inventory?${query}`))).toEqual({ status: 400, body: { message } });
  });
});

describe('GET /api/reports/inventory after the cursor of a page', () => {
  it.each([
    'type=inventory',
    'type=low-stock',
    'type=value',
    'type=movement',
    'sort=category&order=desc',
    'sort=totalValue',
    'sort=status&order=desc&search=l',
    'asOf=AS_OF',
    'asOf=AS_OF&sort=currentStock&order=desc',
    'asOf=AS_OF&sort=category',
    'asOf=AS_OF&type=value',
    'asOf=AS_OF&type=low-stock',
  ])('gives the pages %s has by number, with the same totals, and no cursor after the last', async (named) => {
    const query = named.replace('AS_OF', AS_OF);
    const byNumber = await allPages(query);
    const byCursor = await pagesByCursor(query);
    expect(byNumber.rows.length).toBeGreaterThan(0);
    // By number, a report that fills its last page ends on an empty page; its cursor already said so.
    expect(byCursor.flatMap((page) => page.rows)).toEqual(byNumber.rows);
    for (const page of byCursor)
      expect({ total: page.total, totals: page.totals }).toEqual({ total: byNumber.pages[0].total, totals: byNumber.pages[0].totals });
    expect(byCursor.at(-1)!.next).toBeNull();
    expect(byCursor.slice(0, -1).every((page) => page.rows.length === PAGE && page.next !== null)).toBe(true);
  });

  it('takes the page after the cursor whatever page number comes with it', async () => {
    const [first, second] = await pagesByCursor('sort=unitPrice');
    const { body } = await json<ReportPage>(
      owner.client.get(`/api/reports/inventory?sort=unitPrice&page=3&pageSize=${PAGE}&after=${encodeURIComponent(first.next!)}`),
    );
    expect(body.rows).toEqual(second.rows);
  });

  it.each([
    ['a forged cursor', Buffer.from(JSON.stringify(['1; DROP TABLE items', 'x'])).toString('base64url'), 'sort=currentStock'],
    ['text that is no cursor', 'not-a-cursor', 'type=inventory'],
    ['a cursor of another order', Buffer.from(JSON.stringify(['bolt', 'some-id'])).toString('base64url'), 'type=value'],
    ['a cursor too long', 'x'.repeat(4_001), 'type=inventory'],
  ])('refuses %s with 400 and the reason', async (_, cursor, query) => {
    expect(await json(owner.client.get(`/api/reports/inventory?${query}&after=${encodeURIComponent(cursor)}`))).toEqual({
      status: 400,
      body: { message: ReportMessages.cursorInvalid },
    });
  });

  it('shows another workspace none of the rows after a cursor of this one', async () => {
    const [first] = await pagesByCursor('type=inventory');
    const other = await signUp(system.baseUrl);
    const { body } = await json<ReportPage>(
      other.client.get(`/api/reports/inventory?pageSize=${PAGE}&after=${encodeURIComponent(first.next!)}`),
    );
    expect(body).toMatchObject({ rows: [], total: 0, next: null });
  });
});

describe('who may read the report', () => {
  it('a viewer of the workspace reads the same pages and CSV as its owner', async () => {
    const viewer = await joinedAs(system.baseUrl, owner.client, owner.user.id, 'viewer');
    const query = '/api/reports/inventory?pageSize=5&sort=currentStock';
    expect(await json(viewer.client.get(query))).toEqual(await json(owner.client.get(query)));
    const csv = await viewer.client.get('/api/reports/inventory.csv');
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(NAMES.length + 1);
  });

  it('another workspace’s CSV holds only the header', async () => {
    const other = await signUp(system.baseUrl);
    const csv = await other.client.get('/api/reports/inventory.csv');
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim()).toBe('Item Name,SKU,Current Stock,Reorder Level,Unit Price,Total Value,Status');
  });

  it('refuses control characters in the search with 400 and a message', async () => {
    const { status, body } = await json<{ message: string }>(owner.client.get('/api/reports/inventory?pageSize=5&search=ab%01c'));
    expect(status).toBe(400);
    expect(body.message).toEqual(expect.any(String));
  });
});

describe('the unpaged list', () => {
  it('says how many rows it holds in X-Total-Count', async () => {
    const res = await owner.client.get('/api/reports/inventory?type=low-stock');
    const rows = (await res.json()) as ReportRow[];
    expect(res.headers.get('x-total-count')).toBe(String(rows.length));
    expect(res.headers.get('link')).toBeNull();
  });
});

describe('the slices the export reads, after a cursor', () => {
  const slices = async (query: object) => {
    const nats = system.gateway.get<ClientProxy>(NATS_CLIENT);
    const actor = testActor(owner.user.id);
    const rows: ReportRow[] = [];
    let after: string | undefined;
    do {
      const slice = await rpc(nats, ReportingSubjects.reportSlice, { ...query, after, pageSize: 3 }, { actor });
      rows.push(...slice.rows);
      after = slice.next ?? undefined;
    } while (after);
    return rows;
  };

  it.each([
    [{ type: 'value' }, 'type=value'],
    [{ type: 'low-stock' }, 'type=low-stock'],
    [{ sort: 'category', order: 'desc' }, 'sort=category&order=desc'],
    [{ sort: 'unitPrice' }, 'sort=unitPrice'],
    [{ sort: 'status', order: 'desc', search: 'l' }, 'sort=status&order=desc&search=l'],
  ] as const)('walk the report %j in the order of its pages', async (query, queryString) => {
    expect(await slices(query)).toEqual((await allPages(queryString)).rows);
  });

  it('refuse a cursor the report did not give', async () => {
    const nats = system.gateway.get<ClientProxy>(NATS_CLIENT);
    const forged = Buffer.from(JSON.stringify(['1; DROP TABLE items', 'x'])).toString('base64url');
    await expect(
      rpc(nats, ReportingSubjects.reportSlice, { sort: 'currentStock', after: forged }, { actor: testActor(owner.user.id) }),
    ).rejects.toMatchObject({ message: ReportMessages.cursorInvalid });
  });
});

describe('GET /api/reports/inventory.csv', () => {
  it('streams every row of the report in the order asked, as spec §9’s CSV', async () => {
    const res = await owner.client.get('/api/reports/inventory.csv?sort=totalValue&order=desc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inventory-report-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8'); // res.text() would drop the BOM
    const { rows } = await allPages('sort=totalValue&order=desc');
    const expected = [
      'Item Name,SKU,Current Stock,Reorder Level,Unit Price,Total Value,Status',
      ...rows.map((row) =>
        [
          `"${row.name}"`,
          row.sku ?? '',
          row.currentStock,
          row.reorderLevel,
          Number(row.unitPrice).toFixed(2),
          row.totalValue.toFixed(2),
          STOCK_STATUS_LABELS[row.status],
        ].join(','),
      ),
    ];
    expect(text).toBe(`\ufeff${expected.join('\r\n')}\r\n`);
  });

  it('refuses a bad query with 400 before sending any of the file', async () => {
    expect(await json(owner.client.get('/api/reports/inventory.csv?sort=price'))).toEqual({
      status: 400,
      body: { message: ReportMessages.sortInvalid },
    });
  });
});
