import type { EventEnvelope } from '@inventory/contracts';
import { queryDb } from '@inventory/platform/testing';
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
    gone.deleted(daysAgo(10)),
    category.renamed('Screws and bolts', daysAgo(10)),
  ];
  const issued = screw.at(daysAgo(5)).issued(25);
  events.push(issued, screw.at(daysAgo(4)).undone(issued), screw.adjusted(12, 'bin-1'), screw.detailsChanged({ unitPrice: '0.08' }));
  events.push(screw.reorderLevelSet(60), glue.at(daysAgo(1)).archived());
  return events;
}

/** The indexes and constraints of the reporting tables, and whether the planner has their statistics. */
const schemaOf = () =>
  queryDb<{ definition: string }>(
    'reporting',
    `SELECT indexdef AS definition FROM pg_indexes WHERE schemaname = 'public'
     UNION ALL SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace
     UNION ALL SELECT 'analyzed ' || relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL
     ORDER BY 1`,
  );

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
    expect(before.item_history.rows).toBe(2 * 13);
    expect(before.purged_workspaces.rows).toBe(1);
    // Days 30, 20, 15, 5, 4 and 1 ago, per kept workspace: live, batch by batch; rebuilt, in one pass.
    expect(before.daily_value.rows).toBe(2 * 6);
    const firstBefore = await digest([first]);
    const schemaBefore = await schemaOf();

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
    const schemaAfter = await schemaOf();
    expect(schemaAfter.filter((row) => !row.definition.startsWith('analyzed '))).toEqual(
      schemaBefore.filter((row) => !row.definition.startsWith('analyzed ')),
    );
    expect(schemaAfter.filter((row) => /^analyzed (items|item_history|movements)$/.test(row.definition))).toHaveLength(3);
    expect(await queryDb('reporting', "SELECT 1 FROM pg_namespace WHERE nspname = 'rebuild'")).toEqual([]);
    expect(seenWhileRebuilding.length).toBeGreaterThan(0);
    expect(seenWhileRebuilding.every((seen) => JSON.stringify(seen) === JSON.stringify(firstBefore))).toBe(true);
  }, 120_000);
});
