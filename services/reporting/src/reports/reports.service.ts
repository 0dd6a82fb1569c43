import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { containsPattern, FAR_FROM_THE_START, fromTheEnd, readCursor, runSql, writeCursor } from '@inventory/platform';
import {
  REPORT_DEFAULTS,
  REPORT_PAGE_SIZE,
  REPORT_UNPAGED_CAP,
  ReportMessages,
  StockSql,
  type ReportPageQuery,
  type ReportPeriodQuery,
  type ReportSlice,
  type ReportSliceRequest,
  type ReportSort,
  type ReportTotals,
  type ReportRow,
  type MovementHistoryPoint,
  type ReportType,
  type ValueHistoryPoint,
} from '@inventory/contracts';
import { CATEGORY_CHANGE_COLUMNS, contributionSql } from '../read-models/daily-category-totals.js';
import { isoDay, periodDays, resolvePeriod, snapshotInstant, type ReportPeriod } from './report-period.js';
import {
  money,
  toMovementRow,
  toReportRow,
  toValueRow,
  type MovementRowRecord,
  type ReportRowRecord,
  type ValueRowRecord,
} from './report-rows.js';

type SnapshotType = Exclude<ReportType, 'movement'>;
const DAY_MS = 86_400_000;

/** Which rows each snapshot report keeps, and what it adds to them (kept: from the kept figures, see ReportSql). */
const SNAPSHOT_SHAPES: Record<SnapshotType, { columns: string; keptColumns?: string; filter: string }> = {
  inventory: { columns: '', filter: '' },
  'low-stock': { columns: '', filter: `AND ${StockSql.needsReorder('s.stock', 's.reorder_level')}` },
  value: {
    // Items without a category (or whose category was deleted) are one group.
    columns: ', (sum(s.stock * s.unit_price) OVER (PARTITION BY c.category_id))::text AS category_total_value',
    // Now and unsearched, the same figures from category_values: no pass over every item. The
    // uncategorised group is what the live categories leave of the total (deleted ones' items are in it).
    keptColumns: `, (CASE WHEN s.category_name IS NULL
        THEN (SELECT t.total_value - COALESCE((SELECT sum(v.total_value) FROM category_values v
                JOIN categories k ON k.category_id = v.category_id AND k.deleted_at IS NULL WHERE v.workspace_id = t.workspace_id), 0)
                FROM item_totals t WHERE t.workspace_id = s.workspace_id)
        ELSE (SELECT v.total_value FROM category_values v WHERE v.workspace_id = s.workspace_id AND v.category_id = s.category_id)
      END)::text AS category_total_value`,
    filter: '',
  },
};

const ITEM_COLUMNS = 'item_id, name, sku, category_id, unit_price, reorder_level, stock, active';
/** The state of item `i` after its last event at or before the instant parameter. */
const LATEST_STATE = `SELECT ${ITEM_COLUMNS} FROM item_history h
  WHERE h.workspace_id = i.workspace_id AND h.item_id = i.item_id AND h.occurred_at <= ?
  ORDER BY h.occurred_at DESC, h.version DESC LIMIT 1`;
/**
 * The versions that were their item's latest at the instant (parameters: workspace, instant, instant):
 * by each version's end (superseded_at, read-models/version-ends.ts), a filter on the row itself.
 * Read in the order of an index of item_history (Reporting0007, 0008), a page costs a page's worth of
 * versions and no probe of each one's item for a later version (docs/reports.md, "Version ends").
 */
const WALKED_STATE = `SELECT ${ITEM_COLUMNS.split(', ')
  .map((column) => `h.${column}`)
  .join(', ')} FROM item_history h
  WHERE h.workspace_id = ? AND h.active AND h.occurred_at <= ? AND (h.superseded_at IS NULL OR h.superseded_at > ?)`;
/**
 * At an instant, whether an order walks one of item_history's indexes (WALKED_STATE; Reporting0007
 * and 0008) rather than folding every item: each column's order, and each type's own but the value
 * report's. The orders by category name (sort=category, and the value report's own) fold.
 */
const walks = (type: SnapshotType, sort: ReportSort | undefined): boolean => (sort === undefined ? type !== 'value' : sort !== 'category');
/**
 * Now, whether an order follows the stock: each sort by stock, total value or status, and the
 * low-stock and value reports' own. Their indexes are item_levels' (Reporting0013), which triggers
 * keep as items is written, so that a movement's update of items is made in place.
 */
const followsStock = (type: SnapshotType, sort: ReportSort | undefined): boolean =>
  sort === undefined ? type !== 'inventory' : sort === 'currentStock' || sort === 'totalValue' || sort === 'status';
/** An item_history row's state, for contributionSql. */
const HISTORY_STATE = {
  active: 'h.active',
  stock: 'h.stock',
  reorderLevel: 'h.reorder_level',
  unitPrice: 'h.unit_price',
  categoryId: 'h.category_id',
};
const ROW_COLUMNS = `s.item_id AS id, s.name, s.sku, c.name AS category_name, c.category_id, s.stock, s.reorder_level,
  s.unit_price::text AS unit_price, (s.stock * s.unit_price)::text AS total_value`;
const NEEDS_REORDER = StockSql.needsReorder('s.stock', 's.reorder_level');
const OUT_OF_STOCK = StockSql.status('out-of-stock', 's.stock', 's.reorder_level');

/** One key of a report's order: an expression over the row and its type, so a cursor can be read back. */
interface SortKey {
  sql: string;
  type: 'text' | 'int' | 'numeric' | 'boolean';
}
const NAME_KEY: SortKey = { sql: 'lower(s.name)', type: 'text' };
const ID_KEY: SortKey = { sql: 's.item_id', type: 'text' };
const SORT_KEYS: Record<ReportSort, SortKey> = {
  name: NAME_KEY,
  sku: { sql: "lower(COALESCE(s.sku, ''))", type: 'text' },
  category: { sql: "lower(COALESCE(c.name, ''))", type: 'text' },
  currentStock: { sql: 's.stock', type: 'int' },
  reorderLevel: { sql: 's.reorder_level', type: 'int' },
  unitPrice: { sql: 's.unit_price', type: 'numeric' },
  totalValue: { sql: 's.stock * s.unit_price', type: 'numeric' },
  status: { sql: `CASE WHEN ${OUT_OF_STOCK} THEN 0 WHEN ${NEEDS_REORDER} THEN 1 ELSE 2 END`, type: 'int' },
};
/**
 * Now, the item's row carries its category's name (items.category_name): the orders by category
 * read it there, so that every order of the current report is one of its indexes (Reporting0006).
 */
const NOW_CATEGORY_KEY: SortKey = { sql: "lower(COALESCE(s.category_name, ''))", type: 'text' };
/**
 * Each type's own order (contracts ReportRow), written as keys that all ascend, so that one row
 * comparison finds the rows after a cursor. Value: by category name, Uncategorized last, highest value first.
 */
const DEFAULT_KEYS: Record<ReportType, SortKey[]> = {
  inventory: [NAME_KEY, ID_KEY],
  movement: [NAME_KEY, ID_KEY],
  'low-stock': [SORT_KEYS.currentStock, NAME_KEY, ID_KEY],
  value: [
    { sql: 'c.name IS NULL', type: 'boolean' },
    { sql: "COALESCE(c.name, '')", type: 'text' },
    { sql: "COALESCE(c.category_id, '')", type: 'text' },
    { sql: '-(s.stock * s.unit_price)', type: 'numeric' },
    NAME_KEY,
    ID_KEY,
  ],
};
const NOW_VALUE_KEYS: SortKey[] = [
  { sql: 's.category_name IS NULL', type: 'boolean' },
  { sql: "COALESCE(s.category_name, '')", type: 'text' },
  { sql: "CASE WHEN s.category_name IS NULL THEN '' ELSE s.category_id END", type: 'text' },
  ...DEFAULT_KEYS.value.slice(3),
];
const CURSOR_VALUE: Record<SortKey['type'], RegExp> = {
  text: /^/,
  int: /^-?\d{1,10}$/,
  numeric: /^-?\d{1,20}(\.\d{1,10})?$/,
  boolean: /^(true|false)$/,
};

/** A report as SQL: its rows (with the sort keys k0, k1, …) before ordering and paging. */
export interface ReportSql {
  sql: string;
  params: unknown[];
  keys: SortKey[];
  descending: boolean;
  /** A snapshot report, unsearched: its type, whose totals the projection keeps (keptTotals, totalsAt). */
  kept: SnapshotType | null;
  /** The instant of a snapshot report; null: now. */
  instant: Date | null;
  /** The leading keys that are one value for every row of `sql` (a group's, see grouped): its order and cursors use the rest. */
  groupKeys: number;
  /**
   * At an instant, an order by category name (sort=category, the value report's own): the report
   * pages group by group (ReportsService.groupedRowsOf). `keys` before keyCount are the group's;
   * `groups` lists them (groupsStatement); `rowsIn` is the report restricted to a group's category
   * ids ('' for none) and its total value then, walked in the rest, for a page of `position` within the group.
   */
  grouped: {
    keyCount: number;
    groups: (cursor: string[] | undefined) => [string, unknown[]];
    rowsIn: (group: { members: string[]; value: string }, position: SlicePosition) => ReportSql;
  } | null;
}

/** The report rows and the value history, from the reporting read models. */
@Injectable()
export class ReportsService {
  constructor(private readonly em: EntityManager) {}

  /** The unpaged spec list: every row, capped (REPORT_UNPAGED_CAP). */
  async inventoryReport(workspaceId: string, query: ReportPageQuery): Promise<ReportRow[]> {
    const report = reportSql(workspaceId, query);
    return (await this.rowsOf(report, { limit: REPORT_UNPAGED_CAP + 1, offset: 0 })).rows;
  }

  /** One page of the report, by page number or after a cursor, with the totals when asked. */
  async slice(workspaceId: string, request: ReportSliceRequest): Promise<ReportSlice> {
    const report = reportSql(workspaceId, request);
    const limit = request.pageSize ?? REPORT_PAGE_SIZE.default;
    const after =
      request.after === undefined
        ? undefined
        : (readCursor(
            request.after,
            report.keys.map((key) => ({ pattern: CURSOR_VALUE[key.type] })),
            ReportMessages.cursorInvalid,
          ) as string[]);
    const offset = after ? 0 : ((request.page ?? 1) - 1) * limit;
    const page = { limit, offset, after };
    if (!request.withTotals) return this.rowsOf(report, page);
    if (report.kept === null) {
      const { rows, next, totals } = await this.rowsAndTotalsOf(report, page);
      return { rows, next, total: totals.items, totals };
    }
    if (report.grouped) {
      // Its groups' statement works the figures at the instant out once, for the page and the totals.
      const { rows, next, totals } = await this.groupedRowsOf(report, report.grouped, page);
      return { rows, next, total: totals.items, totals };
    }
    const totals = report.instant ? this.totalsAt(workspaceId, report.kept, report.instant) : this.keptTotals(workspaceId, report.kept);
    if (page.after !== undefined || page.offset < FAR_FROM_THE_START) {
      const [rows, kept] = await Promise.all([this.rowsOf(report, page), totals]);
      return { ...rows, total: kept.items, totals: kept };
    }
    const kept = await totals;
    return { ...(await this.rowsFromNearerEnd(report, page, kept.items)), total: kept.items, totals: kept };
  }

  /**
   * A page by number in the back half of a report of `total` rows is read from the other end, in the
   * opposite order, and turned round: by number a page passes every row before it (at a past instant,
   * every version of each), so the last page costs what the first does and no page more than half the
   * report (docs/reports.md, "At scale"). Its rows and its cursor are those of the page read from the front.
   */
  private async rowsFromNearerEnd(
    report: ReportSql,
    page: SlicePosition,
    total: number,
  ): Promise<{ rows: ReportRow[]; next: string | null }> {
    const reversed = fromTheEnd(page.offset, page.limit, total);
    if (reversed === null) return this.rowsOf(report, page);
    if (reversed.limit === 0) return { rows: [], next: null };
    const statement = pageStatement({ ...report, descending: !report.descending }, reversed);
    const records = (await runSql<ReportRecord>(this.em, statement.sql, statement.params)).reverse();
    return { rows: records.map(rowOf), next: nextCursor(report, records, page.limit) };
  }

  /** The totals of a snapshot report at a past instant, unsearched, from each category's figures then (categoryFiguresAt). */
  private async totalsAt(workspaceId: string, type: SnapshotType, instant: Date): Promise<ReportTotals> {
    const figures = categoryFiguresAt(workspaceId, instant);
    const lowStock = type === 'low-stock';
    const [totals] = await runSql<TotalsRecord>(
      this.em,
      `WITH per_category AS (${figures.sql})
       SELECT COALESCE(sum(${lowStock ? 'low_stock' : 'items'}), 0)::int AS items,
              COALESCE(sum(${lowStock ? 'low_stock_value' : 'value'}), 0)::text AS value,
              COALESCE(sum(low_stock), 0)::int AS low_stock,
              (count(*) FILTER (WHERE ${lowStock ? 'low_stock' : 'items'} > 0 AND EXISTS (
                 SELECT 1 FROM categories c WHERE c.workspace_id = ? AND c.category_id = per_category.category_id
                    AND ${existedAt('c')})))::int AS categories
         FROM per_category`,
      [...figures.params, workspaceId, instant],
    );
    return totalsOf(totals);
  }

  private async rowsOf(report: ReportSql, page: SlicePosition): Promise<{ rows: ReportRow[]; next: string | null }> {
    if (report.grouped) {
      const { rows, next } = await this.groupedRowsOf(report, report.grouped, page);
      return { rows, next };
    }
    const statement = pageStatement(report, page);
    const records = await runSql<ReportRecord>(this.em, statement.sql, statement.params);
    return { rows: records.map(rowOf), next: nextCursor(report, records, page.limit) };
  }

  /**
   * A page of a report at an instant in an order by category name, without folding every item:
   * its groups (each category that existed then, the rest uncategorised), in the order's keys, with
   * their sizes from the figures at the instant (categoryFiguresAt); then, from the group the page
   * starts in (by offset or cursor), each group's rows walked in an index of item_history by
   * category (Reporting0008) until the page is full. A page costs its groups' figures and a page's
   * worth of versions, however many items (docs/reports.md, "At scale").
   */
  private async groupedRowsOf(
    report: ReportSql,
    grouped: NonNullable<ReportSql['grouped']>,
    page: SlicePosition,
  ): Promise<{ rows: ReportRow[]; next: string | null; totals: ReportTotals }> {
    const groups = await runSql<GroupRecord>(this.em, ...grouped.groups(page.after));
    const totals = totalsOf(groups[0]?.totals ?? { items: 0, value: '0', low_stock: 0, categories: 0 });
    const records: ReportRecord[] = [];
    let skip = page.offset;
    for (const group of groups) {
      if (group.before_cursor) continue;
      if (skip >= group.size) {
        skip -= group.size;
        continue;
      }
      const after = group.at_cursor ? page.after?.slice(grouped.keyCount) : undefined;
      const position = { limit: page.limit - records.length, offset: skip, after };
      const statement = pageStatement(grouped.rowsIn(group, position), position);
      records.push(...(await runSql<ReportRecord>(this.em, statement.sql, statement.params)));
      skip = 0;
      if (records.length >= page.limit) break;
    }
    return { rows: records.map(rowOf), next: nextCursor(report, records, page.limit), totals };
  }

  /**
   * A page and the totals over every row, in one statement: the report is worked out once for both
   * (an as-of fold or a sort of every row costs what it costs, but not twice).
   */
  private async rowsAndTotalsOf(
    report: ReportSql,
    page: SlicePosition,
  ): Promise<{ rows: ReportRow[]; next: string | null; totals: ReportTotals }> {
    const [result] = await runSql<{ rows: ReportRecord[] | null; totals: TotalsRecord }>(
      this.em,
      `WITH report AS MATERIALIZED (${report.sql}), page AS (${pageSql(report, page)})
       SELECT (SELECT json_agg(page ORDER BY ${orderBy(report)}) FROM page) AS rows,
              (SELECT json_build_object(${TOTALS_COLUMNS}) FROM report) AS totals`,
      [...report.params, ...pageParams(page)],
    );
    const records = result.rows ?? [];
    return { rows: records.map(rowOf), next: nextCursor(report, records, page.limit), totals: totalsOf(result.totals) };
  }

  /**
   * The totals of a snapshot report now, unsearched, are the figures the projection keeps up to date
   * (item_totals: the dashboard's own, and the low-stock rows' value): no pass over every item,
   * however many there are. The categories are a probe per category (the low-stock report's in
   * item_levels, whose index holds the low-stock items by category).
   */
  private async keptTotals(workspaceId: string, type: SnapshotType): Promise<ReportTotals> {
    const lowStock = type === 'low-stock';
    const [totals] = await runSql<TotalsRecord>(
      this.em,
      `SELECT COALESCE(t.${lowStock ? 'low_stock_items' : 'total_items'}, 0) AS items,
              COALESCE(t.${lowStock ? 'low_stock_value' : 'total_value'}, 0)::text AS value,
              COALESCE(t.low_stock_items, 0) AS low_stock,
              (SELECT count(*)::int FROM categories c WHERE c.workspace_id = ? AND c.deleted_at IS NULL
                  AND EXISTS (SELECT 1 FROM ${lowStock ? 'item_levels' : 'items'} i
                               WHERE i.workspace_id = c.workspace_id AND i.category_id = c.category_id AND i.active
                                ${lowStock ? `AND ${StockSql.needsReorder('i.stock', 'i.reorder_level')}` : ''})
              ) AS categories
         FROM (SELECT 1) AS one LEFT JOIN item_totals t ON t.workspace_id = ?`,
      [workspaceId, workspaceId],
    );
    return totalsOf(totals);
  }

  /** The total value at the end of every day of the period (the last day: up to now). */
  async valueHistory(workspaceId: string, query: ReportPeriodQuery): Promise<ValueHistoryPoint[]> {
    const now = new Date();
    const { firstDay, lastDay, through } = periodDays(resolvePeriod(query, now), now);
    // Whole days from daily_value (one row a day, however many events); the last day from its own
    // events up to `through` (now, or the end the range asked for, which may fall within that day).
    const rows = await runSql<{ date: string; total_value: string }>(
      this.em,
      `WITH opening AS (
         SELECT COALESCE(sum(value_delta), 0) AS value FROM daily_value WHERE workspace_id = ? AND day < ?::date
       ), changes AS (
         SELECT day, value_delta AS delta FROM daily_value WHERE workspace_id = ? AND day >= ?::date AND day < ?::date
         UNION ALL
         SELECT ?::date, sum(value_delta) FROM item_history WHERE workspace_id = ? AND occurred_at >= ? AND occurred_at <= ?
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
              (opening.value + COALESCE(sum(changes.delta) OVER (ORDER BY d.day), 0))::text AS total_value
         FROM generate_series(?::date, ?::date, interval '1 day') AS d(day)
         CROSS JOIN opening LEFT JOIN changes ON changes.day = d.day::date
        ORDER BY d.day`,
      [
        workspaceId,
        firstDay,
        workspaceId,
        firstDay,
        lastDay,
        lastDay,
        workspaceId,
        new Date(`${lastDay}T00:00:00Z`),
        through,
        firstDay,
        lastDay,
      ],
    );
    return rows.map((row) => ({ date: row.date, totalValue: money(row.total_value) }));
  }

  /** Units received and issued on every day of the period (the last day: up to now), zero-filled. */
  async movementHistory(workspaceId: string, query: ReportPeriodQuery): Promise<MovementHistoryPoint[]> {
    const now = new Date();
    const { firstDay, lastDay, through } = periodDays(resolvePeriod(query, now), now);
    const rows = await runSql<{ date: string; stock_in: number; stock_out: number }>(
      this.em,
      `WITH daily AS (
         SELECT (occurred_at AT TIME ZONE 'UTC')::date AS day,
                sum(quantity) FILTER (WHERE movement_type = 'in') AS stock_in,
                sum(quantity) FILTER (WHERE movement_type = 'out') AS stock_out
           FROM movements WHERE workspace_id = ? AND occurred_at >= ? AND occurred_at <= ? GROUP BY 1
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date, COALESCE(daily.stock_in, 0)::int AS stock_in, COALESCE(daily.stock_out, 0)::int AS stock_out
         FROM generate_series(?::date, ?::date, interval '1 day') AS d(day)
         LEFT JOIN daily ON daily.day = d.day::date
        ORDER BY d.day`,
      [workspaceId, new Date(`${firstDay}T00:00:00Z`), through, firstDay, lastDay],
    );
    return rows.map((row) => ({ date: row.date, stockIn: row.stock_in, stockOut: row.stock_out }));
  }
}

/**
 * Each category's figures at a past instant (category_id '' for items without one): its active
 * items, low-stock items, value and low-stock value. They are summed over the whole months before
 * the month of the day boundary nearest the instant (monthly_category_totals) and that month's days
 * before the boundary (daily_category_totals), then corrected by the items with an event between
 * that boundary and the instant: their state at the instant replaces their state at the boundary.
 * A date's report (its last millisecond) is then the months and days up to its end and no
 * correction; at most half a day's worth of items, never every item.
 */
function categoryFiguresAt(workspaceId: string, instant: Date): { sql: string; params: unknown[] } {
  const dayStart = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  const fromDayEnd = instant.getTime() - dayStart >= DAY_MS / 2;
  const boundary = new Date(fromDayEnd ? dayStart + DAY_MS : dayStart);
  const monthStart = new Date(Date.UTC(boundary.getUTCFullYear(), boundary.getUTCMonth(), 1));
  // The events between the boundary and the instant: after the instant and before the day's end,
  // or from the day's start up to the instant.
  const between = fromDayEnd ? 'occurred_at > ? AND occurred_at < ?' : 'occurred_at >= ? AND occurred_at <= ?';
  const stateAt = (bound: '<=' | '<', sign: 1 | -1) => `SELECT ${contributionSql(HISTORY_STATE, sign)} FROM item_history h
      WHERE h.workspace_id = ? AND h.item_id = t.item_id AND h.occurred_at ${bound} ? ORDER BY h.occurred_at DESC, h.version DESC LIMIT 1`;
  return {
    sql: `WITH touched AS (SELECT DISTINCT item_id FROM item_history WHERE workspace_id = ? AND ${between})
          SELECT category_id, sum(items_delta) AS items, sum(low_stock_delta) AS low_stock, sum(value_delta) AS value,
                 sum(low_stock_value_delta) AS low_stock_value
            FROM (SELECT ${CATEGORY_CHANGE_COLUMNS} FROM monthly_category_totals WHERE workspace_id = ? AND month < ?::date
                  UNION ALL SELECT ${CATEGORY_CHANGE_COLUMNS} FROM daily_category_totals WHERE workspace_id = ? AND day >= ?::date AND day < ?::date
                  UNION ALL SELECT a.* FROM touched t CROSS JOIN LATERAL (${stateAt('<=', 1)}) a
                  UNION ALL SELECT b.* FROM touched t CROSS JOIN LATERAL (${stateAt('<', -1)}) b) changes
           GROUP BY category_id`,
    params: [
      workspaceId,
      ...(fromDayEnd ? [instant, boundary] : [boundary, instant]),
      workspaceId,
      isoDay(monthStart),
      workspaceId,
      isoDay(monthStart),
      isoDay(boundary),
      workspaceId,
      instant,
      workspaceId,
      boundary,
    ],
  };
}

/** The report's rows as SQL, filtered by the search, with the keys of its order. */
export function reportSql(workspaceId: string, query: ReportPageQuery): ReportSql {
  const period = resolvePeriod(query, new Date());
  const instant = snapshotInstant(query, period);
  const type = query.type ?? REPORT_DEFAULTS.type;
  const now = instant === null && type !== 'movement';
  const keys = sortKeys(query, type, now);
  const search = query.search ? containsPattern(query.search) : null;
  const kept = type !== 'movement' && search === null ? type : null;
  const walk = kept !== null && instant !== null && walks(kept, query.sort);
  const searchSql = search ? 'AND (s.name ILIKE ? OR s.sku ILIKE ?)' : '';
  const searchParams = search ? [search, search] : [];
  const keyColumns = keys.map((key, i) => `${key.sql} AS k${i}`).join(', ');
  const rowsFrom = (base: { columns: string; from: string; params: unknown[] }) => ({
    sql: `SELECT ${ROW_COLUMNS}${base.columns}, ${keyColumns} ${base.from} ${searchSql}`,
    params: [...base.params, ...searchParams],
  });
  const report = {
    keys,
    descending: query.sort !== undefined && query.order === 'desc',
    kept,
    instant,
  };
  const base =
    type === 'movement'
      ? movementSql(workspaceId, period)
      : snapshotSql(workspaceId, instant, type, {
          keptColumns: kept !== null && instant === null,
          walk,
          levels: kept !== null && instant === null && followsStock(kept, query.sort),
        });
  let grouped: ReportSql['grouped'] = null;
  if (kept !== null && instant !== null && !walk) {
    const keyCount = query.sort === 'category' ? 1 : 3;
    const of = { workspaceId, instant, type: kept, keys: keys.slice(0, keyCount), descending: report.descending };
    grouped = {
      keyCount,
      groups: (cursor) => groupsStatement(of, cursor),
      rowsIn: ({ members, value }, position) => ({
        ...rowsFrom(
          snapshotSql(workspaceId, instant, kept, {
            keptColumns: false,
            walk: true,
            group: {
              members,
              value: query.sort === undefined ? value : undefined,
              filter: SNAPSHOT_SHAPES[kept].filter,
              keys: keys.slice(keyCount),
              descending: report.descending,
              position,
            },
          }),
        ),
        ...report,
        groupKeys: keyCount,
        grouped: null,
      }),
    };
  }
  return { ...rowsFrom(base), ...report, groupKeys: 0, grouped };
}

/**
 * The groups of a grouped report (ReportSql.grouped) in its order: each group's keys (as text, as a
 * cursor holds them), its category ids ('' for none), its size and total value at the instant, and where it stands
 * to the cursor's group. Categories that did not exist then (or none) are one group, uncategorised.
 * Each row also carries the report's totals (totalsAt's, from the same figures): a page needs them
 * worked out once, not twice.
 */
function groupsStatement(
  of: { workspaceId: string; instant: Date; type: SnapshotType; keys: SortKey[]; descending: boolean },
  cursor: string[] | undefined,
): [string, unknown[]] {
  const { workspaceId, instant, type, keys: groupKeys, descending } = of;
  const figures = categoryFiguresAt(workspaceId, instant);
  const keyCount = groupKeys.length;
  const count = type === 'low-stock' ? 'low_stock' : 'items';
  const names = groupKeys.map((_, i) => `g${i}`);
  const direction = descending ? 'DESC' : 'ASC';
  const cursorRow = `(${groupKeys.map((key) => `?::${key.type}`).join(', ')})`;
  const position = cursor
    ? `(${names.join(', ')}) = ${cursorRow} AS at_cursor, (${names.join(', ')}) ${descending ? '>' : '<'} ${cursorRow} AS before_cursor`
    : 'false AS at_cursor, false AS before_cursor';
  const cursorParams = cursor ? [...cursor.slice(0, keyCount), ...cursor.slice(0, keyCount)] : [];
  return [
    `WITH f AS (${figures.sql})
     SELECT members, size, value, ${position},
            json_build_object('items', (sum(size) OVER ())::int, 'value', (sum(kept_value) OVER ())::text,
                              'low_stock', (sum(low_stock) OVER ())::int, 'categories', (sum(categories) OVER ())::int) AS totals FROM (
       SELECT ${groupKeys.map((key, i) => `${key.sql} AS g${i}`).join(', ')},
              array_agg(f.category_id ORDER BY f.category_id) AS members, sum(f.${count})::int AS size, sum(f.value)::text AS value,
              sum(f.${type === 'low-stock' ? 'low_stock_value' : 'value'}) AS kept_value, sum(f.low_stock) AS low_stock,
              count(c.category_id) AS categories
         FROM f LEFT JOIN categories c ON c.category_id = f.category_id AND c.workspace_id = ? AND ${existedAt('c')}
        WHERE f.${count} > 0
        GROUP BY ${names.map((_, i) => i + 1).join(', ')}) groups
     ORDER BY ${names.map((name) => `${name} ${direction}`).join(', ')}`,
    [...figures.params, ...cursorParams, workspaceId, instant],
  ];
}

/** Active items at `instant` (null: now) with the category they had then. */
function snapshotSql(
  workspaceId: string,
  instant: Date | null,
  type: SnapshotType,
  how: { keptColumns: boolean; walk: boolean; levels?: boolean; group?: GroupWalk },
): { columns: string; from: string; params: unknown[] } {
  const shape = SNAPSHOT_SHAPES[type];
  const { source, sourceParams } = instant
    ? how.group
      ? groupSource(workspaceId, instant, how.group)
      : how.walk
        ? // In the order of one of item_history's indexes: each version that was its item's latest at the instant.
          { source: WALKED_STATE, sourceParams: [workspaceId, instant, instant] }
        : // Each of the workspace's items (archived ones too) as its last event up to then left it; one
          // index probe per item, however long its history.
          {
            source: `SELECT h.* FROM items i CROSS JOIN LATERAL (${LATEST_STATE}) h WHERE i.workspace_id = ?`,
            sourceParams: [instant, workspaceId],
          }
    : {
        source: `SELECT ${ITEM_COLUMNS}, category_name, workspace_id FROM ${how.levels ? 'item_levels' : 'items'} WHERE workspace_id = ?`,
        sourceParams: [workspaceId],
      };
  // A walked value report reads its category totals from the figures at the instant (a window
  // over its rows would need every row): a group's own, or the map of every category's.
  const groupTotal = type === 'value' ? (how.group?.value ?? null) : null;
  const groups = instant && how.walk && groupTotal === null && type === 'value' ? groupValuesAt(workspaceId, instant) : null;
  const columns = groupTotal !== null ? ', ?::text AS category_total_value' : groups ? VALUE_AT_INSTANT_COLUMN : null;
  return {
    columns: columns ?? ((how.keptColumns && shape.keptColumns) || shape.columns),
    from: `FROM (${source}) s LEFT JOIN categories c ON ${categoryAt(instant)} ${groups ? `CROSS JOIN (${groups.sql}) g` : ''}
      WHERE s.active ${shape.filter}`,
    params: [
      ...(groupTotal !== null ? [groupTotal] : []),
      ...sourceParams,
      workspaceId,
      ...(instant ? [instant] : []),
      ...(groups?.params ?? []),
    ],
  };
}

/** One group of a grouped report (ReportSql.grouped): its category ids, the keys it is walked in, and the page's place in it. */
interface GroupWalk {
  members: string[];
  /**
   * In the value report's own order, the group's total value at the instant: its rows' category
   * total. (By category name, a group may hold two categories of one name, each with its own total.)
   */
  value?: string;
  /** Which of the walked rows the report keeps (SNAPSHOT_SHAPES' filter, over `s`). */
  filter: string;
  keys: SortKey[];
  descending: boolean;
  position: SlicePosition;
}

/**
 * The versions of a group's items that were their item's latest at the instant, in the group's own
 * index by category (Reporting0008). A group of several categories (those that did not exist then,
 * and none) takes from each its first rows up to the page's end, in order, and merges them: the
 * planner does not merge ordered walks of a union by itself, and would sort the whole group.
 */
function groupSource(
  workspaceId: string,
  instant: Date,
  { members, filter, keys, descending, position }: GroupWalk,
): { source: string; sourceParams: unknown[] } {
  const walkIn = (member: string) => ({
    sql: `${WALKED_STATE} AND COALESCE(h.category_id, '') = ?`,
    params: [workspaceId, instant, instant, member],
  });
  if (members.length === 1) {
    const walk = walkIn(members[0]);
    return { source: walk.sql, sourceParams: walk.params };
  }
  const direction = descending ? 'DESC' : 'ASC';
  const seek = position.after
    ? `AND (${keys.map((key) => key.sql).join(', ')}) ${descending ? '<' : '>'} (${keys.map((key) => `?::${key.type}`).join(', ')})`
    : '';
  const branches = members.map(walkIn);
  return {
    source: branches
      .map(
        (walk) => `(SELECT s.* FROM (${walk.sql}) s WHERE true ${filter} ${seek}
          ORDER BY ${keys.map((key) => `${key.sql} ${direction}`).join(', ')} LIMIT ?)`,
      )
      .join(' UNION ALL '),
    sourceParams: branches.flatMap((walk) => [...walk.params, ...(position.after ?? []), position.offset + position.limit]),
  };
}

/** The value report's category total from groupValuesAt's map (g.total_values): the uncategorised group under ''. */
const VALUE_AT_INSTANT_COLUMN = ", g.total_values ->> COALESCE(c.category_id, '') AS category_total_value";

/**
 * One row: the value report's category totals at an instant, as a JSON map from category id to
 * total value, the items of categories that did not exist then (or none) under ''.
 */
function groupValuesAt(workspaceId: string, instant: Date): { sql: string; params: unknown[] } {
  const figures = categoryFiguresAt(workspaceId, instant);
  return {
    sql: `SELECT jsonb_object_agg(group_id, value) AS total_values FROM (
            SELECT CASE WHEN EXISTS (SELECT 1 FROM categories k WHERE k.workspace_id = ? AND k.category_id = f.category_id
                                       AND ${existedAt('k')})
                        THEN f.category_id ELSE '' END AS group_id,
                   sum(f.value)::text AS value
              FROM (${figures.sql}) f GROUP BY 1) groups`,
    params: [workspaceId, instant, ...figures.params],
  };
}

/** Items that moved within the period: what moved, and their stock and value at its end. */
function movementSql(workspaceId: string, period: ReportPeriod): { columns: string; from: string; params: unknown[] } {
  return {
    columns: ', moved.stock_in, moved.stock_out, moved.adjusted, moved.undone, moved.net_change',
    from: `FROM (
       SELECT item_id,
              COALESCE(sum(quantity) FILTER (WHERE movement_type = 'in'), 0)::int AS stock_in,
              COALESCE(sum(quantity) FILTER (WHERE movement_type = 'out'), 0)::int AS stock_out,
              COALESCE(sum(delta) FILTER (WHERE movement_type = 'adjustment'), 0)::int AS adjusted,
              COALESCE(sum(delta) FILTER (WHERE movement_type = 'undo'), 0)::int AS undone,
              sum(delta)::int AS net_change
         FROM movements WHERE workspace_id = ? AND occurred_at >= ? AND occurred_at <= ?
        GROUP BY item_id
     ) moved
       JOIN items i ON i.item_id = moved.item_id
       CROSS JOIN LATERAL (${LATEST_STATE}) s
       LEFT JOIN categories c ON ${categoryAt(period.end)}
      WHERE true`,
    params: [workspaceId, period.start, period.end, period.end, workspaceId, period.end],
  };
}

export interface SlicePosition {
  limit: number;
  offset: number;
  /** The sort keys of the row to start after (a cursor read back). */
  after?: string[];
}

type ReportRecord = ReportRowRecord & Partial<ValueRowRecord & MovementRowRecord> & Record<string, unknown>;
type GroupRecord = { members: string[]; size: number; value: string; at_cursor: boolean; before_cursor: boolean; totals: TotalsRecord };
type TotalsRecord = { items: number; value: string; low_stock: number; categories: number };

/** The totals over a report's rows (the CTE `report`), as json_build_object arguments. */
const TOTALS_COLUMNS = `'items', count(*), 'value', COALESCE(sum(total_value::numeric), 0)::text,
  'low_stock', count(*) FILTER (WHERE stock <= reorder_level), 'categories', count(DISTINCT category_id)`;

const totalsOf = (record: TotalsRecord): ReportTotals => ({
  items: record.items,
  value: money(record.value),
  lowStock: record.low_stock,
  categories: record.categories,
});

const keyNames = (report: ReportSql) => report.keys.map((_, i) => `k${i}`);
/** The keys the rows of `report.sql` are ordered and sought by: all but a group's (ReportSql.groupKeys). */
const orderKeys = (report: ReportSql) => keyNames(report).slice(report.groupKeys);
const orderBy = (report: ReportSql) =>
  orderKeys(report)
    .map((k) => `${k} ${report.descending ? 'DESC' : 'ASC'}`)
    .join(', ');

/** The keys of the report's order; now, the orders by category read the item's own row (NOW_CATEGORY_KEY). */
function sortKeys(query: ReportPageQuery, type: ReportType, now: boolean): SortKey[] {
  if (query.sort) return [now && query.sort === 'category' ? NOW_CATEGORY_KEY : SORT_KEYS[query.sort], NAME_KEY, ID_KEY];
  return now && type === 'value' ? NOW_VALUE_KEYS : DEFAULT_KEYS[type];
}

/** One page of the report's rows, as one statement. */
export const pageStatement = (report: ReportSql, page: SlicePosition): { sql: string; params: unknown[] } => ({
  sql: `WITH report AS (${report.sql}) ${pageSql(report, page)}`,
  params: [...report.params, ...pageParams(page)],
});

/** One page of the CTE `report`: its rows in order, each with its sort keys as text (for the cursor). */
function pageSql(report: ReportSql, { after }: SlicePosition): string {
  const sought = report.keys.slice(report.groupKeys).map((key) => `?::${key.type}`);
  const seek = after ? `WHERE (${orderKeys(report).join(', ')}) ${report.descending ? '<' : '>'} (${sought.join(', ')})` : '';
  return `SELECT *, ${keyNames(report)
    .map((k) => `${k}::text AS ${k}_text`)
    .join(', ')} FROM report ${seek}
    ORDER BY ${orderBy(report)} LIMIT ? OFFSET ?`;
}

const pageParams = ({ limit, offset, after }: SlicePosition): unknown[] => [...(after ?? []), limit, offset];

/** The cursor after the last row of a full page; null when the page was the last. */
function nextCursor(report: ReportSql, records: ReportRecord[], limit: number): string | null {
  const last = records.at(-1);
  if (records.length < limit || !last) return null;
  return writeCursor(keyNames(report).map((k) => String(last[`${k}_text`])));
}

/** The row a query returned, as its report type shows it. */
function rowOf(record: ReportRecord): ReportRow {
  if (record.stock_in !== undefined) return toMovementRow(record as MovementRowRecord);
  if (record.category_total_value !== undefined) return toValueRow(record as ValueRowRecord);
  return toReportRow(record);
}

/** Whether the category `alias` existed at the instant parameter (not yet deleted then). */
const existedAt = (alias: string) => `(${alias}.deleted_at IS NULL OR ${alias}.deleted_at > ?)`;

/** Join condition: the row's category as it stood at `instant` (null: now). Takes the user id, then the instant. */
function categoryAt(instant: Date | null): string {
  const existing = instant ? existedAt('c') : 'c.deleted_at IS NULL';
  return `c.category_id = s.category_id AND c.workspace_id = ? AND ${existing}`;
}
