import {
  REPORT_SORTS,
  ReportingSubjects,
  ReportMessages,
  stockStatus,
  type EventEnvelope,
  type InventoryReportQuery,
  type ReportPageQuery,
  type ReportPeriodQuery,
  type ReportRow,
  type ReportSliceRequest,
} from '@inventory/contracts';
import { FAR_FROM_THE_START, runSql } from '@inventory/platform';
import { queryDb } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { pageStatement, reportSql, type ReportSql } from '../src/reports/reports.service.js';
import { newUserId, startReporting, type ReportingHarness } from './support/reporting-harness.js';
import { sortedBy } from './support/report-order.js';
import { daysAgo, TestCategory, TestItem, valueOf, type ExpectedItem } from './support/test-item.js';

let reporting: ReportingHarness;
const report = (userId: string, query: InventoryReportQuery = {}) => reporting.report(userId, query);
const valueHistory = (userId: string, query: ReportPeriodQuery) => reporting.call(userId, ReportingSubjects.valueHistory, query);
const HOUR_MS = 3_600_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The report row the service should answer for an item in this state. */
const rowOf = (item: ExpectedItem, category: string | null = null): ReportRow => ({
  id: item.id,
  name: item.name,
  sku: item.sku,
  category: category === null ? null : { name: category },
  currentStock: item.stock,
  reorderLevel: item.reorderLevel,
  unitPrice: item.unitPrice,
  totalValue: valueOf(item.stock, item.unitPrice),
  // The rule itself has its table test (contracts' stock-rules.spec.ts).
  status: stockStatus(item.stock, item.reorderLevel),
});

/** A report's totals, worked out from its rows. */
const totalsOf = (rows: ReportRow[]) => ({
  value: Math.round(rows.reduce((sum, row) => sum + row.totalValue, 0) * 100) / 100,
  lowStock: rows.filter((row) => row.status !== 'in-stock').length,
  items: rows.length,
  categories: new Set(rows.map((row) => row.category?.name).filter(Boolean)).size,
});

beforeAll(async () => {
  reporting = await startReporting();
});
afterAll(async () => {
  await reporting?.close();
});

describe('report types', () => {
  const userId = newUserId();
  const tools = new TestCategory(userId, 'Tools');
  const parts = new TestCategory(userId, 'Parts');
  const retired = new TestCategory(userId, 'Retired');
  const hammer = new TestItem(userId);
  const bolt = new TestItem(userId);
  const saw = new TestItem(userId);
  const nut = new TestItem(userId);
  const old = new TestItem(userId);
  const relic = new TestItem(userId);

  beforeAll(async () => {
    await reporting.publish([
      tools.created(),
      parts.created(),
      retired.created(),
      hammer.registered({ name: 'Hammer', sku: 'H-1', unitPrice: '12.50', reorderLevel: 2, categoryId: tools.categoryId }),
      hammer.received(4),
      saw.registered({ name: 'saw', unitPrice: '30.00', reorderLevel: 1, categoryId: tools.categoryId }),
      saw.received(1),
      bolt.registered({ name: 'Bolt', unitPrice: '0.10', reorderLevel: 5, categoryId: parts.categoryId }),
      bolt.received(3),
      nut.registered({ name: 'Nut', unitPrice: '0.05', reorderLevel: 0 }),
      nut.received(100),
      relic.registered({ name: 'Relic', unitPrice: '7.00', reorderLevel: 0, categoryId: retired.categoryId }),
      relic.received(2),
      retired.deleted(),
      old.registered({ name: 'Old', reorderLevel: 9 }),
      old.archived(),
    ]);
  });

  const now = () => new Date();

  it('lists the active items by name with their category by default (inventory, 30 days)', async () => {
    expect(await report(userId)).toEqual([
      rowOf(bolt.stateAt(now())!, 'Parts'),
      rowOf(hammer.stateAt(now())!, 'Tools'),
      rowOf(nut.stateAt(now())!),
      // Its category was deleted: the row no longer names one.
      rowOf(relic.stateAt(now())!),
      rowOf(saw.stateAt(now())!, 'Tools'),
    ]);
  });

  it('lists only the items at or below their reorder level, lowest stock first', async () => {
    const rows = await report(userId, { type: 'low-stock' });
    expect(rows.map((r) => [r.name, r.currentStock, r.reorderLevel])).toEqual([
      ['saw', 1, 1],
      ['Bolt', 3, 5],
    ]);
  });

  it('adds the total of each category to the value report, items without one last', async () => {
    const rows = await report(userId, { type: 'value' });
    expect(rows.map((r) => [r.name, r.totalValue, r.category?.name ?? null, r.categoryTotalValue])).toEqual([
      ['Bolt', 0.3, 'Parts', 0.3],
      ['Hammer', 50, 'Tools', 80],
      ['saw', 30, 'Tools', 80],
      ['Relic', 14, null, 19],
      ['Nut', 5, null, 19],
    ]);
  });

  it('never shows the rows of another user', async () => {
    for (const type of ['inventory', 'low-stock', 'value', 'movement'] as const) {
      expect(await report(newUserId(), { type })).toEqual([]);
    }
  });
});

describe('the current report follows its categories (orders and totals kept with the items)', () => {
  const userId = newUserId();
  const alpha = new TestCategory(userId, 'Alpha');
  const beta = new TestCategory(userId, 'Beta');
  const late = new TestCategory(userId, 'Late');
  const [anvil, brush, cup, drum] = [new TestItem(userId), new TestItem(userId), new TestItem(userId), new TestItem(userId)];
  const slice = (query: ReportSliceRequest) =>
    reporting.call(userId, ReportingSubjects.reportSlice, { pageSize: 50, withTotals: true, ...query });
  const byCategory = async () => (await slice({ sort: 'category' })).rows.map((r) => [r.name, r.category?.name ?? null]);
  const categoryValues = async () =>
    (await reporting.call(userId, ReportingSubjects.categoryValues, undefined)).map((bar) => [bar.category?.name ?? null, bar.value]);
  const valueReport = async () => {
    const { rows, totals } = await slice({ type: 'value' });
    return { rows: rows.map((r) => [r.name, r.category?.name ?? null, r.totalValue, r.categoryTotalValue]), totals };
  };

  beforeAll(async () => {
    await reporting.publish([
      alpha.created(),
      beta.created(),
      anvil.registered({ name: 'Anvil', unitPrice: '10.00', reorderLevel: 0, categoryId: alpha.categoryId }),
      anvil.received(2),
      brush.registered({ name: 'Brush', unitPrice: '1.00', reorderLevel: 9, categoryId: beta.categoryId }),
      brush.received(5),
      cup.registered({ name: 'Cup', unitPrice: '3.00', reorderLevel: 0 }),
      cup.received(1),
      // Its category's event comes after its own (two services' streams).
      drum.registered({ name: 'Drum', unitPrice: '4.00', reorderLevel: 1, categoryId: late.categoryId }),
      drum.received(1),
      late.created(),
    ]);
  });

  it('sorts by the category names and totals each category, an item folded before its category included', async () => {
    expect(await byCategory()).toEqual([
      ['Cup', null],
      ['Anvil', 'Alpha'],
      ['Brush', 'Beta'],
      ['Drum', 'Late'],
    ]);
    expect(await valueReport()).toEqual({
      rows: [
        ['Anvil', 'Alpha', 20, 20],
        ['Brush', 'Beta', 5, 5],
        ['Drum', 'Late', 4, 4],
        ['Cup', null, 3, 3],
      ],
      totals: { value: 32, lowStock: 2, items: 4, categories: 3 },
    });
    // The dashboard's chart: the same category totals.
    expect(await categoryValues()).toEqual([
      ['Alpha', 20],
      ['Beta', 5],
      ['Late', 4],
      [null, 3],
    ]);
    const lowStock = await slice({ type: 'low-stock' });
    expect(lowStock.rows.map((r) => r.name)).toEqual(['Drum', 'Brush']);
    expect(lowStock.totals).toEqual({ value: 9, lowStock: 2, items: 2, categories: 2 });
  });

  it('moves an item to its new category, and a renamed category to its new place', async () => {
    await reporting.publish([alpha.renamed('Zeta'), brush.detailsChanged({ categoryId: alpha.categoryId })]);
    expect(await byCategory()).toEqual([
      ['Cup', null],
      ['Drum', 'Late'],
      ['Anvil', 'Zeta'],
      ['Brush', 'Zeta'],
    ]);
    expect((await valueReport()).rows).toEqual([
      ['Drum', 'Late', 4, 4],
      ['Anvil', 'Zeta', 20, 25],
      ['Brush', 'Zeta', 5, 25],
      ['Cup', null, 3, 3],
    ]);
    // Beta holds nothing now: the chart has no bar for it.
    expect(await categoryValues()).toEqual([
      ['Late', 4],
      ['Zeta', 25],
      [null, 3],
    ]);
  });

  it('counts the items of a deleted category as uncategorised', async () => {
    await reporting.publish([late.deleted()]);
    expect(await byCategory()).toEqual([
      ['Cup', null],
      ['Drum', null],
      ['Anvil', 'Zeta'],
      ['Brush', 'Zeta'],
    ]);
    expect(await valueReport()).toEqual({
      rows: [
        ['Anvil', 'Zeta', 20, 25],
        ['Brush', 'Zeta', 5, 25],
        ['Drum', null, 4, 7],
        ['Cup', null, 3, 7],
      ],
      totals: { value: 32, lowStock: 2, items: 4, categories: 1 },
    });
    expect(await categoryValues()).toEqual([
      ['Zeta', 25],
      [null, 7],
    ]);
    // The same report searched sums its own rows: here every row, so the same figures.
    expect((await slice({ type: 'value', search: 'u' })).rows.map((r) => [r.name, r.categoryTotalValue])).toEqual([
      ['Brush', 5],
      ['Drum', 7],
      ['Cup', 7],
    ]);
  });
});

describe('every order of the current report, and every column order at a past instant, is an index (none sorts every item)', () => {
  const types = ['inventory', 'low-stock', 'value'] as const;
  const orders: [string, ReportPageQuery][] = [
    ...REPORT_SORTS.flatMap((sort) =>
      (['asc', 'desc'] as const).map((order): [string, ReportPageQuery] => [`${sort} ${order}`, { sort, order }]),
    ),
    ...types.map((type): [string, ReportPageQuery] => [`the ${type} report's own order`, { type }]),
    // At a past instant, the orders walk item_history; those by category name fold every item.
    ['the inventory report at a past instant', { asOf: '2025-06-01' }],
    ['the low-stock report at a past instant', { type: 'low-stock', asOf: '2025-06-01' }],
    ...types.flatMap((type) =>
      REPORT_SORTS.filter((sort) => sort !== 'category').flatMap((sort) =>
        (['asc', 'desc'] as const).map((order): [string, ReportPageQuery] => [
          `the ${type} report at a past instant by ${sort} ${order}`,
          { type, sort, order, asOf: '2025-06-01T12:00:00Z' },
        ]),
      ),
    ),
  ];

  interface PlanNode {
    'Node Type': string;
    'Join Type'?: string;
    'Parent Relationship'?: string;
    'Relation Name'?: string;
    Plans?: PlanNode[];
  }
  /** The plan of a page of `report`, sorting priced out of reach: a plan that still sorts has no index for the order. */
  async function planOf(report: ReportSql, position = { limit: 50, offset: 0 }): Promise<PlanNode> {
    const [explained] = await reporting.entityManager().transactional(async (tx) => {
      await tx.execute('SET LOCAL enable_sort = off');
      await tx.execute('SET LOCAL enable_incremental_sort = off');
      const { sql, params } = pageStatement(report, position);
      return runSql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(tx, `EXPLAIN (FORMAT JSON) ${sql}`, params);
    });
    return explained['QUERY PLAN'][0].Plan;
  }
  const isSort = (node: PlanNode) => /^(Incremental )?Sort$/.test(node['Node Type']);
  const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
  /**
   * Whether the rows of `node` come from item_history other than through a Limit (a sort above it
   * would sort every version it reads). A CTE or subquery computed once (InitPlan) feeds no rows.
   */
  const readsHistoryUnbounded = (node: PlanNode): boolean =>
    node['Parent Relationship'] !== 'InitPlan' &&
    (node['Relation Name'] === 'item_history' || (node['Node Type'] !== 'Limit' && (node.Plans ?? []).some(readsHistoryUnbounded)));

  it.each(orders)('%s', async (_, query) => {
    expect(nodesOf(await planOf(reportSql(newUserId(), query))).filter(isSort)).toEqual([]);
  });

  /** Whether `node` reads item_history in a subplan of its own (run once for each row of its parent). */
  const probesHistory = (node: PlanNode, inSubPlan = false): boolean => {
    const here = inSubPlan || node['Parent Relationship'] === 'SubPlan';
    return (here && node['Relation Name'] === 'item_history') || (node.Plans ?? []).some((child) => probesHistory(child, here));
  };
  /** How many times `node` reads item_history, other than in a subquery computed once (InitPlan). */
  const historyReads = (node: PlanNode): number =>
    node['Parent Relationship'] === 'InitPlan'
      ? 0
      : (node['Relation Name'] === 'item_history' ? 1 : 0) + (node.Plans ?? []).reduce((sum, child) => sum + historyReads(child), 0);

  // Each version's end is on its own row (WALKED_STATE): no probe of the item's history for a later
  // version, and no join, which would be planned by the workspace's estimated size (taken for small,
  // the anti-join of old held the workspace's whole history and compared every version with every other).
  // (The value report's category totals at the instant read the history of the items that changed
  // near it, once: categoryFiguresAt.)
  it.each(orders.filter(([, query]) => query.asOf !== undefined))(
    '%s keeps each version it walks by its own row, whatever the statistics say',
    async (_, query) => {
      const plan = await planOf(reportSql(newUserId(), query));
      expect(nodesOf(plan).filter((node) => node['Join Type'] === 'Anti' || node['Join Type'] === 'Semi')).toEqual([]);
      expect(probesHistory(plan)).toBe(false);
      if (query.type !== 'value') expect(historyReads(plan)).toBe(1);
    },
  );

  // Group by group, a group of several categories (none, and one deleted then) merges their walks:
  // one sort at most, of each walk's first rows up to the page's end.
  it.each([
    ['by category', { sort: 'category', order: 'desc' }],
    ["the value report's own order", { type: 'value' }],
  ] as const)('the report at a past instant %s, within a group', async (_, query) => {
    const report = reportSql(newUserId(), { ...query, asOf: '2025-06-01T12:00:00Z' });
    const position = { limit: 50, offset: 0 };
    const sorts = nodesOf(await planOf(report.grouped!.rowsIn({ members: ['', randomUUID()], value: '0' }, position), position)).filter(
      isSort,
    );
    expect(sorts.length).toBeLessThanOrEqual(1);
    expect(sorts.filter((sort) => (sort.Plans ?? []).some(readsHistoryUnbounded))).toEqual([]);
  });
});

describe('movement report', () => {
  const userId = newUserId();
  const drill = new TestItem(userId);
  const idle = new TestItem(userId);

  beforeAll(async () => {
    const events = [
      idle.at(daysAgo(200)).registered({ name: 'Idle' }),
      idle.received(1),
      drill.at(daysAgo(120)).registered({ name: 'Drill', unitPrice: '2.00' }),
      drill.at(daysAgo(100)).received(10),
      drill.at(daysAgo(60)).issued(2),
      drill.at(daysAgo(20)).adjusted(20),
      drill.at(daysAgo(2)).received(5),
    ];
    const lateIssue = drill.at(daysAgo(1.5)).issued(3);
    events.push(lateIssue, drill.at(daysAgo(1)).undone(lateIssue), drill.transferred(null, 'shelf', 4));
    await reporting.publish(events);
  });

  it.each([
    ['7days', { stockIn: 5, stockOut: 3, adjusted: 0, undone: 3, netChange: 5 }],
    ['30days', { stockIn: 5, stockOut: 3, adjusted: 12, undone: 3, netChange: 17 }],
    ['90days', { stockIn: 5, stockOut: 5, adjusted: 12, undone: 3, netChange: 15 }],
  ] as const)('totals what moved within %s, per item', async (range, movements) => {
    expect(await report(userId, { type: 'movement', range })).toEqual([{ ...rowOf(drill.stateAt(new Date())!), movements }]);
  });

  it('totals a custom range and shows the stock at its end', async () => {
    const to = daysAgo(50);
    const rows = await report(userId, { type: 'movement', range: 'custom', from: isoDay(daysAgo(110)), to: isoDay(to) });
    const endOfTo = new Date(`${isoDay(to)}T23:59:59.999Z`);
    expect(rows).toEqual([
      { ...rowOf(drill.stateAt(endOfTo)!), movements: { stockIn: 10, stockOut: 2, adjusted: 0, undone: 0, netChange: 8 } },
    ]);
    expect(rows[0].currentStock).toBe(8);
  });

  it('shows the inventory at the end of a custom range', async () => {
    const to = daysAgo(10);
    const rows = await report(userId, { range: 'custom', from: isoDay(daysAgo(40)), to: isoDay(to) });
    const endOfTo = new Date(`${isoDay(to)}T23:59:59.999Z`);
    expect(rows).toEqual([rowOf(drill.stateAt(endOfTo)!), rowOf(idle.stateAt(endOfTo)!)]);
    expect(rows[0].currentStock).toBe(20);
  });
});

describe('stock at a past instant (asOf)', () => {
  const userId = newUserId();
  // 20:00 UTC: the events run past midnight, so instants fall in both halves of a day (totalsAt
  // counts from the nearer day boundary).
  const start = new Date(`${isoDay(daysAgo(10))}T20:00:00Z`);
  const hour = (n: number) => new Date(start.getTime() + n * HOUR_MS);
  const washer = new TestItem(userId);
  const cable = new TestItem(userId);
  const spare = new TestItem(userId);
  const shelves = new TestCategory(userId, 'Shelves');

  beforeAll(async () => {
    const events: EventEnvelope[] = [shelves.created(hour(0))];
    events.push(washer.at(hour(1)).registered({ name: 'Washer', unitPrice: '0.10', reorderLevel: 4, categoryId: shelves.categoryId }));
    events.push(washer.at(hour(2)).received(10), cable.at(hour(2)).registered({ name: 'Cable', unitPrice: '19.99' }));
    events.push(washer.at(hour(3)).transferred(null, 'shelf-a', 4), cable.at(hour(3)).received(7));
    events.push(washer.at(hour(4)).detailsChanged({ unitPrice: '0.15' }));
    const issue = washer.at(hour(5)).issued(3);
    events.push(issue, spare.at(hour(5)).registered({ name: 'Spare', unitPrice: '5.00' }), spare.received(2));
    events.push(washer.at(hour(6)).undone(issue), shelves.deleted(hour(6)));
    events.push(washer.at(hour(7)).adjusted(1, 'shelf-a'), spare.at(hour(7)).archived());
    events.push(cable.at(hour(8)).issued(7), washer.at(hour(8)).reorderLevelSet(8));
    await reporting.publish(events);
  });

  /** What replaying the events up to `instant` gives: the active items, by name. */
  const replayed = (instant: Date) =>
    [washer, cable, spare]
      .map((item) => item.stateAt(instant))
      .filter((state): state is ExpectedItem => state?.active === true)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((state) => rowOf(state, state.categoryId && instant < hour(6) ? 'Shelves' : null));

  it('equals a replay of the events up to every instant, through transfer, undo, price change and archive', async () => {
    const instants = [hour(0.5), ...Array.from({ length: 16 }, (_, i) => hour(1 + i / 2))];
    for (const instant of instants) {
      expect({ instant, rows: await report(userId, { asOf: instant.toISOString() }) }).toEqual({ instant, rows: replayed(instant) });
    }
  });

  it('gives the totals at every instant from the daily figures, and the same rows in every order', async () => {
    const instants = [hour(0.5), ...Array.from({ length: 17 }, (_, i) => hour(1 + i / 2)), hour(4 - 1 / 3_600_000)];
    for (const instant of instants) {
      const asOf = instant.toISOString();
      const all = replayed(instant);
      const lowStock = [...all].filter((row) => row.status !== 'in-stock').sort((a, b) => a.currentStock - b.currentStock);
      for (const [type, expected] of [
        ['inventory', all],
        ['low-stock', lowStock],
        ['value', null],
      ] as const) {
        const page = await reporting.call(userId, ReportingSubjects.reportSlice, { type, asOf, withTotals: true, pageSize: 50 });
        expect({ instant, type, totals: page.totals }).toEqual({ instant, type, totals: totalsOf(expected ?? all) });
        if (expected) expect({ instant, type, rows: page.rows }).toEqual({ instant, type, rows: expected });
      }
      // Walked (each column's order, or group by group by category): the rows of the replay, in that order.
      // Searched ("a": every name), the value report folds and sums a window over its rows: the reference.
      const folded = await reporting.call(userId, ReportingSubjects.reportSlice, { type: 'value', asOf, search: 'a', pageSize: 50 });
      for (const sort of REPORT_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          const ordered = sortedBy(all, sort, order);
          // With its totals: a grouped order (by category) takes them from its groups' figures.
          const query = { asOf, sort, order, pageSize: 50, withTotals: true };
          const page = await reporting.call(userId, ReportingSubjects.reportSlice, query);
          expect({ instant, sort, order, rows: page.rows, totals: page.totals }).toEqual({
            instant,
            sort,
            order,
            rows: ordered,
            totals: totalsOf(all),
          });
          const lowStock = await reporting.call(userId, ReportingSubjects.reportSlice, { ...query, type: 'low-stock' });
          const low = ordered.filter((row) => row.status !== 'in-stock');
          expect({ instant, sort, order, rows: lowStock.rows, totals: lowStock.totals }).toEqual({
            instant,
            sort,
            order,
            rows: low,
            totals: totalsOf(low),
          });
          // The value report's category totals, from the figures at the instant or a window over the rows: the same.
          const value = await reporting.call(userId, ReportingSubjects.reportSlice, { ...query, type: 'value' });
          const byId = new Map(folded.rows.map((row) => [row.id, row]));
          expect({ instant, sort, order, rows: value.rows }).toEqual({
            instant,
            sort,
            order,
            rows: ordered.map((row) => byId.get(row.id)),
          });
        }
      }
    }
  });

  it('counts an event at the very instant asked for', async () => {
    const rows = await report(userId, { asOf: hour(3).toISOString() });
    expect(rows.find((r) => r.name === 'Washer')?.currentStock).toBe(10);
    expect(rows.find((r) => r.name === 'Cable')?.currentStock).toBe(7);
  });

  it('applies the low-stock and value reports at that instant too', async () => {
    expect((await report(userId, { type: 'low-stock', asOf: hour(6.5).toISOString() })).map((r) => r.name)).toEqual([]);
    const later = await report(userId, { type: 'low-stock', asOf: hour(8.5).toISOString() });
    expect(later.map((r) => [r.name, r.currentStock])).toEqual([
      ['Cable', 0],
      ['Washer', 7],
    ]);
    const value = await report(userId, { type: 'value', asOf: hour(5.5).toISOString() });
    expect(value.map((r) => [r.name, r.totalValue, r.category?.name ?? null, r.categoryTotalValue])).toEqual([
      ['Washer', 1.05, 'Shelves', 1.05],
      ['Cable', 139.93, null, 149.93],
      ['Spare', 10, null, 149.93],
    ]);
  });
});

describe('versions recorded out of order (a clock behind another)', () => {
  // The inventory service dates an item's events in order (decide.ts), but a stream from before it
  // did may hold one dated before its item's latest version. Each version's end (superseded_at) is
  // kept live, batch by batch: such an event ends the version before it in time and is ended by the
  // one after it, in one batch or two, and the walks agree with the fold.
  const userId = newUserId();
  const start = new Date(`${isoDay(daysAgo(3))}T08:00:00Z`);
  const hour = (n: number) => new Date(start.getTime() + n * HOUR_MS);
  const sameBatch = new TestItem(userId);
  const laterBatch = new TestItem(userId);
  const sameInstant = new TestItem(userId);

  beforeAll(async () => {
    await reporting.publish([
      sameBatch.at(hour(1)).registered({ name: 'Same batch', reorderLevel: 5 }),
      sameBatch.at(hour(3)).received(10),
      sameBatch.at(hour(2)).issued(4),
      laterBatch.at(hour(1)).registered({ name: 'Later batch', unitPrice: '2.50' }),
      laterBatch.at(hour(4)).received(5),
      sameInstant.at(hour(1)).registered({ name: 'Same instant' }),
      sameInstant.received(3),
    ]);
    await reporting.publish([laterBatch.at(hour(3)).issued(2), sameInstant.at(hour(2)).received(1)]);
    await reporting.publish([laterBatch.at(hour(5)).received(1)]);
  });

  it('gives each instant the version its item had then, walked in every order as folded', async () => {
    const instants = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6].map(hour);
    for (const instant of instants) {
      const asOf = instant.toISOString();
      // Searched (every name holds an "e"), the report folds each item's history: the reference.
      const folded = (await reporting.call(userId, ReportingSubjects.reportSlice, { asOf, search: 'e', pageSize: 50 })).rows;
      for (const sort of REPORT_SORTS.filter((s) => s !== 'category')) {
        for (const order of ['asc', 'desc'] as const) {
          const page = await reporting.call(userId, ReportingSubjects.reportSlice, { asOf, sort, order, pageSize: 50 });
          expect({ instant, sort, order, rows: page.rows }).toEqual({ instant, sort, order, rows: sortedBy(folded, sort, order) });
        }
      }
    }
    // What each instant shows, by hand: an item's state is its version latest in time by then (then by version).
    const stockAt = async (n: number) =>
      Object.fromEntries(
        (await reporting.call(userId, ReportingSubjects.reportSlice, { asOf: hour(n).toISOString(), pageSize: 50 })).rows.map((r) => [
          r.name,
          r.currentStock,
        ]),
      );
    expect(await stockAt(0.5)).toEqual({});
    expect(await stockAt(1)).toEqual({ 'Same batch': 0, 'Later batch': 0, 'Same instant': 3 });
    expect(await stockAt(2.5)).toEqual({ 'Same batch': 6, 'Later batch': 0, 'Same instant': 4 });
    expect(await stockAt(3.5)).toEqual({ 'Same batch': 10, 'Later batch': 3, 'Same instant': 4 });
    expect(await stockAt(4.5)).toEqual({ 'Same batch': 10, 'Later batch': 5, 'Same instant': 4 });
    expect(await stockAt(6)).toEqual({ 'Same batch': 10, 'Later batch': 4, 'Same instant': 4 });
  });
});

describe('totals at a past instant, over months', () => {
  // The figures sum the whole months before the instant's month, then its days: events over four
  // months, instants on both sides of each month's first midnight and in the middle of a month.
  const userId = newUserId();
  const tools = new TestCategory(userId, 'Tools');
  const drill = new TestItem(userId);
  const saw = new TestItem(userId);
  const monthsBack = (months: number, hours = 0) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1) + hours * HOUR_MS);
  };

  beforeAll(async () => {
    await reporting.publish([
      tools.created(monthsBack(4, 1)),
      drill.at(monthsBack(4, 2)).registered({ name: 'Drill', unitPrice: '40.00', reorderLevel: 3, categoryId: tools.categoryId }),
      drill.at(monthsBack(3, 5)).received(10),
      saw.at(monthsBack(3, 30)).registered({ name: 'Saw', unitPrice: '12.50', reorderLevel: 2 }),
      // The last hour of a month, then the first hour of the next.
      saw.at(monthsBack(2, -1)).received(4),
      drill.at(monthsBack(2, 0.5)).issued(8),
      drill.at(monthsBack(1, 24 * 9)).detailsChanged({ unitPrice: '45.00' }),
      saw.at(monthsBack(1, 24 * 9 + 3)).archived(),
    ]);
  });

  it('equals a replay of the events at every instant', async () => {
    const replayed = (instant: Date) =>
      [drill, saw]
        .map((item) => item.stateAt(instant))
        .filter((state): state is ExpectedItem => state?.active === true)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((state) => rowOf(state, state.categoryId ? 'Tools' : null));
    const instants = [4, 3, 2, 1, 0]
      .flatMap((months) => [-13, -0.5, -1 / 3_600_000, 0, 0.5, 11, 24 * 9 + 2].map((hours) => monthsBack(months, hours)))
      .filter((instant) => instant < new Date());
    for (const instant of instants) {
      const page = await reporting.call(userId, ReportingSubjects.reportSlice, {
        asOf: instant.toISOString(),
        withTotals: true,
        pageSize: 50,
      });
      const rows = replayed(instant);
      expect({ instant, rows: page.rows, totals: page.totals }).toEqual({ instant, rows, totals: totalsOf(rows) });
    }
  });
});

describe('an order by category name at a past instant pages group by group', () => {
  const userId = newUserId();
  const instant = new Date(`${isoDay(daysAgo(5))}T15:00:00Z`);
  const at = (hours: number) => new Date(instant.getTime() + hours * HOUR_MS);
  // Two categories of one name but case (one group by name), one deleted before the instant and one
  // after it, one empty then, and items without one: every name holds "item" (the reference's search).
  const categories = ['Tools', 'tools', 'Bins', 'Gone', 'Later gone', 'Empty'].map((name) => new TestCategory(userId, name));
  const [tools, toolsLower, bins, gone, laterGone, empty] = categories;
  const homes = [tools, toolsLower, bins, gone, laterGone, null, null, tools, bins, toolsLower, null, gone, bins];

  beforeAll(async () => {
    const events: EventEnvelope[] = categories.map((category) => category.created(at(-50)));
    homes.forEach((home, i) => {
      const item = new TestItem(userId);
      events.push(
        item.at(at(-40 + i)).registered({
          name: `${['Nail', 'bolt', 'Anvil', 'drill', 'Epoxy'][i % 5]} item ${i % 3}`,
          unitPrice: `${(i * 3) % 7}.50`,
          reorderLevel: i % 4,
          categoryId: home?.categoryId ?? null,
        }),
        item.at(at(-30 + i)).received(i % 6),
        item.at(at(-20)).detailsChanged({ unitPrice: `${i}.99` }),
        item.at(at(-1 + i / 10)).issued(i % 2),
        // After the instant: not in the report.
        item.at(at(2)).received(50),
      );
    });
    events.push(gone.deleted(at(-10)), laterGone.deleted(at(10)), empty.deleted(at(-45)));
    await reporting.publish(events);
  });

  const slice = (query: ReportSliceRequest) =>
    reporting.call(userId, ReportingSubjects.reportSlice, { asOf: instant.toISOString(), ...query });
  const orders: [string, ReportSliceRequest][] = [
    ...(['inventory', 'low-stock', 'value'] as const).flatMap((type) =>
      (['asc', 'desc'] as const).map((order): [string, ReportSliceRequest] => [
        `${type} by category ${order}`,
        { type, sort: 'category', order },
      ]),
    ),
    ["the value report's own order", { type: 'value' }],
  ];

  it.each(orders)('%s: by page number and by cursor, the pages together are the whole report, folded', async (_, query) => {
    // Searched, the report folds every item: the reference.
    const whole = (await slice({ ...query, search: 'item', pageSize: 100 })).rows;
    expect(whole.length).toBeGreaterThan(query.type === 'low-stock' ? 2 : 10);
    for (const pageSize of [1, 2, 3, 5]) {
      const byNumber: ReportRow[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / pageSize) + 1; page++)
        byNumber.push(...(await slice({ ...query, page, pageSize })).rows);
      expect({ pageSize, rows: byNumber }).toEqual({ pageSize, rows: whole });
      const byCursor: ReportRow[] = [];
      for (let after: string | undefined, first = true; first || after; first = false) {
        const page = await slice({ ...query, pageSize, after });
        byCursor.push(...page.rows);
        after = page.next ?? undefined;
      }
      expect({ pageSize, rows: byCursor }).toEqual({ pageSize, rows: whole });
    }
    // The totals: from the groups' figures, as the folded (searched) report sums its rows.
    const { totals } = await slice({ ...query, pageSize: 1, withTotals: true });
    const folded = await slice({ ...query, search: 'item', pageSize: 1, withTotals: true });
    expect(totals).toEqual(folded.totals);
    expect(totals?.items).toBe(whole.length);
  });

  it('groups the categories that did not exist then with the items that have none, and merges a name in two cases', async () => {
    const rows = (await slice({ sort: 'category', pageSize: 100 })).rows;
    const names = rows.map((row) => row.category?.name ?? null);
    expect(names.filter((name) => name === 'Gone')).toEqual([]);
    expect(names.filter((name) => name === null)).toHaveLength(5);
    expect(names.filter((name) => name === 'Later gone')).toHaveLength(1);
    const tools = rows.filter((row) => row.category?.name.toLowerCase() === 'tools');
    expect(new Set(tools.map((row) => row.category?.name))).toEqual(new Set(['Tools', 'tools']));
    expect(tools.map((row) => row.name.toLowerCase())).toEqual(tools.map((row) => row.name.toLowerCase()).sort());
  });
});

describe('value history', () => {
  const userId = newUserId();
  const crate = new TestItem(userId);
  const box = new TestItem(userId);

  beforeAll(async () => {
    await reporting.publish([
      crate.at(daysAgo(40)).registered({ unitPrice: '2.50' }),
      crate.received(4),
      crate.at(daysAgo(3)).received(6),
      box.at(daysAgo(2)).registered({ unitPrice: '0.10' }),
      box.received(3),
      crate.at(daysAgo(1)).detailsChanged({ unitPrice: '3.00' }),
      box.at(new Date()).archived(),
    ]);
  });

  const valueAt = (instant: Date) =>
    [crate, box].reduce((sum, item) => {
      const state = item.stateAt(instant);
      return state?.active ? sum + valueOf(state.stock, state.unitPrice) : sum;
    }, 0);

  it('draws the total value at the end of each of the last 7 days, today up to now', async () => {
    const now = new Date();
    const series = await valueHistory(userId, { range: '7days' });
    const expected = Array.from({ length: 7 }, (_, i) => {
      const day = isoDay(daysAgo(6 - i, now));
      const end = i === 6 ? now : new Date(`${day}T23:59:59.999Z`);
      return { date: day, totalValue: Math.round(valueAt(end) * 100) / 100 };
    });
    expect(series).toEqual(expected);
    expect(series[0].totalValue).toBe(10);
    expect(series[6].totalValue).toBe(30);
  });

  it('covers every day of a custom range', async () => {
    const series = await valueHistory(userId, { range: 'custom', from: isoDay(daysAgo(41)), to: isoDay(daysAgo(38)) });
    expect(series.map((p) => p.totalValue)).toEqual([0, 10, 10, 10]);
  });

  it('ends a range at the instant asked for, within its last day (whole days come from the daily totals)', async () => {
    const priceChange = new Date(crate.events[crate.events.length - 1].occurredAt);
    for (const end of [new Date(priceChange.getTime() - 1), priceChange]) {
      const series = await valueHistory(userId, { range: 'custom', from: isoDay(daysAgo(5, end)), to: end.toISOString() });
      expect(series).toHaveLength(6);
      expect(series[5]).toEqual({ date: isoDay(end), totalValue: Math.round(valueAt(end) * 100) / 100 });
      expect(series[0]).toEqual({
        date: isoDay(daysAgo(5, end)),
        totalValue: Math.round(valueAt(new Date(`${isoDay(daysAgo(5, end))}T23:59:59.999Z`)) * 100) / 100,
      });
    }
  });
});

describe('movement history', () => {
  const userId = newUserId();
  const paint = new TestItem(userId);
  const tape = new TestItem(userId);

  beforeAll(async () => {
    await reporting.publish([
      paint.at(daysAgo(40)).registered({ unitPrice: '9.00' }),
      paint.received(50), // outside the 30 days
      paint.at(daysAgo(10)).received(12),
      paint.issued(5),
      tape.at(daysAgo(10)).registered({ unitPrice: '1.00' }),
      tape.received(8),
      tape.at(daysAgo(3)).issued(2),
      tape.adjusted(1), // a count, not a receipt or an issue
    ]);
  });

  it('sums what came in and went out on each of the last 30 days, zero on quiet days', async () => {
    const series = await reporting.call(userId, ReportingSubjects.movementHistory, { range: '30days' });
    expect(series).toHaveLength(30);
    expect(series[29].date).toBe(isoDay(new Date()));
    const byDay = Object.fromEntries(series.filter((p) => p.stockIn + p.stockOut > 0).map((p) => [p.date, [p.stockIn, p.stockOut]]));
    expect(byDay).toEqual({ [isoDay(daysAgo(10))]: [20, 5], [isoDay(daysAgo(3))]: [0, 2] });
  });
});

describe('a large report', () => {
  it('arrives whole although it is larger than one NATS message (1 MiB)', async () => {
    const userId = newUserId();
    const items = Array.from({ length: 3000 }, () => new TestItem(userId));
    const name = (i: number) => `${String(i).padStart(4, '0')} ${'x'.repeat(190)}`;
    await reporting.publish(items.flatMap((item, i) => [item.registered({ name: name(i) }), item.received(i + 1)]));
    const rows = await report(userId);
    expect(JSON.stringify(rows).length).toBeGreaterThan(1024 * 1024);
    expect(rows.map((r) => [r.name, r.currentStock])).toEqual(items.map((_, i) => [name(i), i + 1]));
  });
});

describe('a page by number far from the start', () => {
  // More than twice FAR_FROM_THE_START rows, so that deep pages of the back half are read from the
  // other end (rowsFromNearerEnd); names repeat, so that ties go by id both ways. No item is ever
  // low on stock: the browser tests' inventory service reads these events later, and each would
  // raise it an alert to deliver.
  const userId = newUserId();
  const items = Array.from({ length: 2 * FAR_FROM_THE_START + 300 }, () => new TestItem(userId));
  const asOf = daysAgo(1.5).toISOString();
  const PAGE_SIZE = 100;

  beforeAll(async () => {
    await reporting.publish(
      items.flatMap((item, i) => [
        item.at(daysAgo(3)).registered({
          name: `Part ${String(i % 700).padStart(3, '0')}`,
          unitPrice: `${i % 7}.50`,
        }),
        item.at(daysAgo(2)).received(2 + (i % 11)),
        ...(i % 3 === 0 ? [item.at(daysAgo(1)).issued(1)] : []),
      ]),
    );
  });

  it.each([
    {},
    { sort: 'totalValue', order: 'desc' },
    { sort: 'sku' },
    { type: 'value', sort: 'currentStock' },
    { asOf },
    { asOf, sort: 'currentStock', order: 'desc' },
    { asOf, sort: 'unitPrice' },
  ] as ReportPageQuery[])('gives %j the rows the whole report has at each deep page, and the cursor of its last row', async (query) => {
    const whole = await report(userId, query);
    expect(whole.length).toBeGreaterThan(FAR_FROM_THE_START + PAGE_SIZE);
    const firstDeep = FAR_FROM_THE_START / PAGE_SIZE + 1;
    for (let page = firstDeep; (page - 2) * PAGE_SIZE < whole.length; page++) {
      const offset = (page - 1) * PAGE_SIZE;
      const slice = await reporting.call(userId, ReportingSubjects.reportSlice, { ...query, page, pageSize: PAGE_SIZE, withTotals: true });
      expect({ page, rows: slice.rows.map((row) => row.id), total: slice.total }).toEqual({
        page,
        rows: whole.slice(offset, offset + PAGE_SIZE).map((row) => row.id),
        total: whole.length,
      });
      expect(slice.rows).toEqual(whole.slice(offset, offset + PAGE_SIZE));
      if (offset + PAGE_SIZE >= whole.length) {
        expect({ page, next: slice.next }).toEqual({
          page,
          next: offset < whole.length && slice.rows.length === PAGE_SIZE ? expect.any(String) : null,
        });
        continue;
      }
      const after = await reporting.call(userId, ReportingSubjects.reportSlice, { ...query, after: slice.next!, pageSize: PAGE_SIZE });
      expect({ page, after: after.rows.map((row) => row.id) }).toEqual({
        page,
        after: whole.slice(offset + PAGE_SIZE, offset + 2 * PAGE_SIZE).map((row) => row.id),
      });
    }
  });
});

describe('filters that make no sense are refused', () => {
  const userId = newUserId();

  it.each([
    [{ type: 'monthly' }, ReportMessages.typeInvalid],
    [{ range: 'year' }, ReportMessages.rangeInvalid],
    [{ range: 'custom', from: '2025-01-31' }, ReportMessages.customNeedsDates],
    [{ range: 'custom', from: '2025-01-31', to: '2025-01-01' }, ReportMessages.fromAfterTo],
    [{ range: '7days', to: '2025-01-01' }, ReportMessages.datesNeedCustom],
    [{ range: 'custom', from: 'last tuesday', to: '2025-01-01' }, ReportMessages.dateInvalid('from')],
    [{ asOf: '2025-02-30' }, ReportMessages.dateInvalid('asOf')],
    [{ type: 'movement', asOf: '2025-02-01' }, ReportMessages.asOfNotForMovement],
  ])('%j', async (query, message) => {
    await expect(report(userId, query as InventoryReportQuery)).rejects.toMatchObject({ code: 'VALIDATION', message });
  });

  it('refuses a value history longer than a chart can take', async () => {
    await expect(valueHistory(userId, { range: 'custom', from: '2020-01-01', to: '2025-01-01' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: ReportMessages.historyTooLong,
    });
  });
});

describe("the items' report columns beside their stock indexes (item_levels, Reporting0013)", () => {
  /** What item_levels copies of items, row by row, for one workspace. */
  const rowsOf = (table: 'items' | 'item_levels', userId: string) =>
    queryDb(
      'reporting',
      `SELECT item_id, workspace_id, name, sku, category_id, category_name, unit_price, reorder_level, stock, active
         FROM ${table} WHERE workspace_id = $1 ORDER BY item_id`,
      [userId],
    );

  it("rewrites an item's row of items in place on a movement: none of its indexes reads what a movement changes", async () => {
    // A movement changes these columns (the projection's upsert); an index over any of them, its
    // condition included, would make PostgreSQL write every index again.
    const changed = ['stock', 'version', 'updated_at'];
    const indexes = await queryDb<{ definition: string }>(
      'reporting',
      "SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indrelid = 'items'::regclass",
    );
    expect(indexes.length).toBeGreaterThan(5);
    expect(indexes.filter(({ definition }) => changed.some((column) => new RegExp(`\\b${column}\\b`).test(definition)))).toEqual([]);
  });

  it('holds each item as items has it, through movements, renames, a deleted category and an archive', async () => {
    const userId = newUserId();
    const tools = new TestCategory(userId, 'Tools');
    const drill = new TestItem(userId);
    const tape = new TestItem(userId);
    await reporting.publish([
      tools.created(),
      drill.registered({ name: 'Drill', sku: 'D-1', unitPrice: '80.00', reorderLevel: 2, categoryId: tools.categoryId }),
      drill.received(5),
      tape.registered({ name: 'Tape', unitPrice: '2.50', reorderLevel: 0 }),
      tape.received(1),
    ]);
    expect(await rowsOf('item_levels', userId)).toHaveLength(2);
    expect(await rowsOf('item_levels', userId)).toEqual(await rowsOf('items', userId));

    await reporting.publish([drill.issued(4), tools.renamed('Power tools'), tape.detailsChanged({ name: 'Duct tape' })]);
    expect(await rowsOf('item_levels', userId)).toEqual(await rowsOf('items', userId));
    // The orders that follow the stock read item_levels: the low-stock report names the drill, now low, by its category's new name.
    const lowStock = await report(userId, { type: 'low-stock' });
    expect(lowStock.map((row) => [row.name, row.currentStock, row.category?.name ?? null])).toEqual([['Drill', 1, 'Power tools']]);

    await reporting.publish([tools.deleted(), tape.archived()]);
    expect(await rowsOf('item_levels', userId)).toEqual(await rowsOf('items', userId));
    expect((await rowsOf('item_levels', userId)).map((row) => [row.name, row.category_name, row.active])).toEqual(
      expect.arrayContaining([
        ['Drill', null, true],
        ['Duct tape', null, false],
      ]),
    );
  });
});
