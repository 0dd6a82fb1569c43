import { eventSubject, ReportingSubjects } from '@inventory/contracts';
import { queryDb } from '@inventory/platform/testing';
import { randomUUID } from 'node:crypto';
import { newUserId, startReporting, type ReportingHarness } from './support/reporting-harness.js';
import { TestCategory, TestItem, userDeleted } from './support/test-item.js';

let reporting: ReportingHarness;
const stats = (userId: string) => reporting.call(userId, ReportingSubjects.dashboardStats, undefined);
const recent = (userId: string) => reporting.call(userId, ReportingSubjects.recentMovements, undefined);

beforeAll(async () => {
  reporting = await startReporting();
});
afterAll(async () => {
  await reporting?.close();
});

describe('dashboard stats', () => {
  it('sums stock × unit price exactly, with no float drift', async () => {
    const userId = newUserId();
    const washers = new TestItem(userId);
    const cables = new TestItem(userId);
    await reporting.publish([
      washers.registered({ unitPrice: '0.10' }),
      washers.received(3),
      cables.registered({ unitPrice: '19.99' }),
      cables.received(7),
    ]);
    // 3 × 0.10 + 7 × 19.99 is 140.23; summed in floats it would be 140.23000000000002.
    expect((await stats(userId)).totalValue).toBe(140.23);
  });

  it('adds many small prices without drift', async () => {
    const userId = newUserId();
    const items = Array.from({ length: 10 }, () => new TestItem(userId));
    await reporting.publish(items.flatMap((item) => [item.registered({ unitPrice: '0.10' }), item.received(1)]));
    // Ten float additions of 0.1 make 0.9999999999999999.
    expect((await stats(userId)).totalValue).toBe(1);
  });

  it('counts active items, those at or below their reorder level, and the categories', async () => {
    const userId = newUserId();
    const [atLevel, outOfStock, plenty, archivedLow] = Array.from({ length: 4 }, () => new TestItem(userId));
    const [tools, parts, gone] = ['Tools', 'Parts', 'Gone'].map((name) => new TestCategory(userId, name));
    await reporting.publish([
      tools.created(),
      parts.created(),
      gone.created(),
      gone.deleted(),
      atLevel.registered({ reorderLevel: 5, unitPrice: '2.50' }),
      atLevel.received(5),
      outOfStock.registered({ reorderLevel: 0 }),
      plenty.registered({ reorderLevel: 5 }),
      plenty.received(6),
      archivedLow.registered({ reorderLevel: 5 }),
      archivedLow.archived(),
    ]);
    expect(await stats(userId)).toEqual({ totalItems: 3, lowStockItems: 2, totalValue: 18.5, categoriesCount: 2 });
  });

  it('keeps its running figures equal to a count over the items, whatever happens to them', async () => {
    const userId = newUserId();
    const [a, b, c] = Array.from({ length: 3 }, () => new TestItem(userId));
    await reporting.publish([
      a.registered({ unitPrice: '19.99', reorderLevel: 3 }),
      b.registered({ unitPrice: '0.10', reorderLevel: 1 }),
      c.registered({ unitPrice: '7.77' }),
      a.received(5),
    ]);
    const issue = a.issued(1);
    await reporting.publish([issue, b.received(1), c.received(9), a.transferred(null, 'shelf', 2)]);
    await reporting.publish([a.undone(issue), a.detailsChanged({ unitPrice: '20.01' }), b.reorderLevelSet(0), c.adjusted(4), c.archived()]);
    const [expected] = await queryDb<{ total_items: number; low_stock_items: number; total_value: string }>(
      'reporting',
      `SELECT count(*)::int AS total_items, count(*) FILTER (WHERE stock <= reorder_level)::int AS low_stock_items,
              sum(stock * unit_price)::text AS total_value
         FROM items WHERE workspace_id = $1 AND active`,
      [userId],
    );
    expect(await stats(userId)).toEqual({
      totalItems: expected.total_items,
      lowStockItems: expected.low_stock_items,
      totalValue: Number(expected.total_value),
      categoriesCount: 0,
    });
    expect(await stats(userId)).toEqual({ totalItems: 2, lowStockItems: 0, totalValue: 100.15, categoriesCount: 0 });
  });

  it('shows the stats of the user asking only', async () => {
    const owner = newUserId();
    const item = new TestItem(owner);
    await reporting.publish([item.registered(), item.received(4)]);
    expect(await stats(newUserId())).toEqual({ totalItems: 0, lowStockItems: 0, totalValue: 0, categoriesCount: 0 });
    expect(await recent(newUserId())).toEqual([]);
  });
});

describe('recent movements', () => {
  it('lists the latest 10, newest first, with undo and transfer under their own types', async () => {
    const userId = newUserId();
    const item = new TestItem(userId);
    const events = [item.registered({ name: 'Drill' })];
    for (let quantity = 1; quantity <= 6; quantity++) events.push(item.received(quantity));
    const issue = item.issued(2);
    events.push(
      issue,
      item.adjusted(30),
      item.transferred(null, 'shelf-a', 4),
      item.undone(issue),
      item.detailsChanged({ name: 'Cordless drill' }),
    );
    events.push(item.received(1));
    await reporting.publish(events);

    const movements = await recent(userId);
    expect(movements.map((m) => [m.movementType, m.quantity])).toEqual([
      ['in', 1],
      ['undo', 2],
      ['transfer', 4],
      ['adjustment', 30],
      ['out', 2],
      ['in', 6],
      ['in', 5],
      ['in', 4],
      ['in', 3],
      ['in', 2],
    ]);
    expect(movements[1].id).toBe(TestItem.movementIdOf(events[events.length - 3]));
    expect(movements.every((m) => m.item.name === 'Cordless drill')).toBe(true);
    expect(Date.parse(movements[0].createdAt)).toBe(Date.parse(events[events.length - 1].occurredAt));
  });
});

describe('idempotency and purge', () => {
  it('ignores a redelivered event', async () => {
    const userId = newUserId();
    const item = new TestItem(userId);
    const receipt = item.received(5);
    await reporting.publish([item.registered({ unitPrice: '3.00' }), receipt]);
    // The same event again under another message id, so JetStream delivers it a second time.
    await reporting.events.js.publish(eventSubject('inventory', receipt.type), JSON.stringify(receipt), { msgID: randomUUID() });
    const after = item.received(1);
    await reporting.publish([after]);
    expect(await stats(userId)).toMatchObject({ totalValue: 18 });
    expect(await recent(userId)).toHaveLength(2);
  });

  it('purges a deleted user and ignores their later events', async () => {
    const userId = newUserId();
    const item = new TestItem(userId);
    const category = new TestCategory(userId, 'Spares');
    await reporting.publish([category.created(), item.registered({ categoryId: category.categoryId }), item.received(3)]);
    await reporting.publish([userDeleted(userId)]);
    const late = [item.received(2), new TestCategory(userId, 'Late').created()];
    await reporting.publish(late);

    expect(await stats(userId)).toEqual({ totalItems: 0, lowStockItems: 0, totalValue: 0, categoriesCount: 0 });
    for (const table of ['items', 'item_levels', 'item_history', 'movements', 'categories']) {
      expect(await queryDb('reporting', `SELECT 1 FROM ${table} WHERE workspace_id = $1`, [userId])).toEqual([]);
    }
  });
});
