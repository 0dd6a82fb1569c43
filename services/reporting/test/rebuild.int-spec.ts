import type { EventEnvelope } from '@inventory/contracts';
import { workspaceClearedEvent } from '@inventory/platform';
import { queryDb, schemaOf } from '@inventory/platform/testing';
import { ITEM_TABLES } from '../src/read-models/inventory.projection.js';
import { newUserId, startReporting, type ReportingHarness } from './support/reporting-harness.js';
import { daysAgo, TestCategory, TestItem, userDeleted } from './support/test-item.js';

let reporting: ReportingHarness;
// Every table the inventory projection keeps, and the categories' and purges' own.
const TABLES = [...ITEM_TABLES, 'categories', 'purged_workspaces'];

/** A digest of every row of these users in every reporting table (the shared test database has others too). */
async function digest(userIds: string[]): Promise<Record<string, { rows: number; hash: string }>> {
  const entries = await Promise.all(
    TABLES.map(async (table) => {
      const [row] = await queryDb<{ rows: number; hash: string }>(
        'reporting',
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS hash
           FROM ${table} t WHERE workspace_id = ANY($1)`,
        [userIds],
      );
      return [table, row] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** A user's history with every kind of event, spread over past days. */
function history(userId: string): EventEnvelope[] {
  const category = new TestCategory(userId, 'Fasteners');
  const gone = new TestCategory(userId, 'Gone');
  const screw = new TestItem(userId);
  const glue = new TestItem(userId);
  const tape = new TestItem(userId);
  const events: EventEnvelope[] = [
    category.created(daysAgo(30)),
    gone.created(daysAgo(30)),
    screw.at(daysAgo(30)).registered({ name: 'Screw', unitPrice: '0.07', reorderLevel: 10, categoryId: category.categoryId }),
    screw.received(100),
    screw.at(daysAgo(20)).transferred(null, 'bin-1', 40),
    glue.at(daysAgo(20)).registered({ name: 'Glue', unitPrice: '4.99', categoryId: gone.categoryId }),
    glue.received(3),
    // Archived before its category is renamed: its row is named after the rename all the same.
    tape.at(daysAgo(15)).registered({ name: 'Tape', unitPrice: '2.00', categoryId: category.categoryId }),
    tape.archived(),
    // Moved to another category: its figures leave the old one on that day (a version's end, live and rebuilt).
    glue.at(daysAgo(12)).detailsChanged({ categoryId: category.categoryId }),
    gone.deleted(daysAgo(10)),
    category.renamed('Screws and bolts', daysAgo(10)),
  ];
  const issued = screw.at(daysAgo(5)).issued(25);
  events.push(issued, screw.at(daysAgo(4)).undone(issued), screw.adjusted(12, 'bin-1'), screw.detailsChanged({ unitPrice: '0.08' }));
  events.push(screw.reorderLevelSet(60), glue.at(daysAgo(1)).archived());
  return events;
}

beforeAll(async () => {
  reporting = await startReporting();
});
afterAll(async () => {
  await reporting?.close();
});

describe('rebuild', () => {
  // It replays the whole shared test stream, whatever other suites published: allow it the time.
  it('replays the event history into the very same tables while readers keep the old ones, purged users staying purged', async () => {
    const [first, second, purged] = [newUserId(), newUserId(), newUserId()];
    await reporting.publish([...history(first), ...history(second), ...history(purged)]);
    await reporting.publish([userDeleted(purged)]);
    const before = await digest([first, second, purged]);
    expect(before.item_history.rows).toBe(2 * 14);
    expect(before.purged_workspaces.rows).toBe(1);
    // Days 30, 20, 15, 12, 5, 4 and 1 ago, per kept workspace: live, batch by batch; rebuilt, in one pass.
    expect(before.daily_value.rows).toBe(2 * 7);
    const firstBefore = await digest([first]);
    const schemaBefore = await schemaOf('reporting');

    let rebuilding = true;
    const rebuild = reporting.rebuildAll().finally(() => (rebuilding = false));
    const seenWhileRebuilding = [];
    while (rebuilding) seenWhileRebuilding.push(await digest([first]));
    const results = await rebuild;

    expect(results.map((r) => r.consumer)).toEqual([
      'reporting-items-inventory',
      'reporting-categories-catalog',
      'reporting-user-purge-identity',
    ]);
    expect(results.every((r) => r.events > 0)).toBe(true);
    expect(await digest([first, second, purged])).toEqual(before);
    // The tables filled beside the live ones and swapped in (shadowTables) have every index, constraint
    // and statistic the live ones had, under the same names, and nothing is left beside them.
    const schemaAfter = await schemaOf('reporting');
    const unlessAnalyzed = (definitions: string[]) => definitions.filter((definition) => !definition.startsWith('analyzed '));
    expect(unlessAnalyzed(schemaAfter)).toEqual(unlessAnalyzed(schemaBefore));
    expect(schemaAfter.filter((definition) => /^analyzed (items|item_levels|item_history|movements)$/.test(definition))).toHaveLength(4);
    expect(seenWhileRebuilding.length).toBeGreaterThan(0);
    expect(seenWhileRebuilding.every((seen) => JSON.stringify(seen) === JSON.stringify(firstBefore))).toBe(true);
  }, 120_000);

  // A replay of several batches (1,000 events each, rebuild.ts): an item changed in every batch is
  // folded from the state the batch before left, one changed again two batches later from the table,
  // and a workspace cleared mid-batch loses what came before the clear.
  it('replays a history of several batches as it was folded live, items changed in one batch after another', async () => {
    const userId = newUserId();
    const demoId = newUserId();
    const demoActor = { userId: demoId, role: 'user' as const, workspaceId: demoId, workspaceRole: 'owner' as const, userName: 'Demo' };
    const [before, after] = [new TestItem(demoId), new TestItem(demoId)];
    const bulk = new TestCategory(userId, 'Bulk');
    const spare = new TestCategory(userId, 'Spare');
    const busy = new TestItem(userId);
    const rare = new TestItem(userId);
    const events: EventEnvelope[] = [
      bulk.created(daysAgo(40)),
      spare.created(daysAgo(40)),
      busy.at(daysAgo(40)).registered({ name: 'Busy', unitPrice: '1.25', reorderLevel: 50, categoryId: bulk.categoryId }),
      rare.at(daysAgo(40)).registered({ name: 'Rare', unitPrice: '3.10', categoryId: bulk.categoryId }),
      rare.received(7),
    ];
    for (let i = 0; i < 2_600; i++) {
      const day = daysAgo(39 - Math.floor(i / 100));
      events.push(i % 3 === 2 ? busy.at(day).issued(1) : busy.at(day).received(1));
      if (i === 1_300) events.push(busy.detailsChanged({ categoryId: spare.categoryId }), bulk.renamed('Bulk goods', day));
      if (i === 1_900) events.push(before.at(day).registered({ name: 'Before the clear' }), before.received(4));
      if (i === 1_950) events.push(workspaceClearedEvent('inventory', demoActor), after.at(day).registered({ name: 'After' }));
      if (i === 1_960) events.push(after.received(9));
    }
    events.push(rare.at(daysAgo(2)).detailsChanged({ unitPrice: '3.20', categoryId: spare.categoryId }), rare.issued(2));
    await reporting.publish(events);
    const live = await digest([userId, demoId]);
    expect(live.item_history.rows).toBe(3 + 2_600 + 1 + 2 + 2);
    expect(live.items.rows).toBe(3);

    const results = await reporting.rebuildAll();

    expect(results[0].events).toBeGreaterThan(2_600);
    expect(await digest([userId, demoId])).toEqual(live);
  }, 120_000);
});
