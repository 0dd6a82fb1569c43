import { StockSql } from '@inventory/contracts';

/**
 * daily_category_totals (Reporting0007): how each category's figures moved on each UTC day. Each
 * version of an item adds what its state counts for (one active item, one low-stock item, its value,
 * its low-stock value) to its category on its day, and takes away what the version before it
 * counted for, from that version's category. Summed over the days before an instant's day, plus
 * that day's own changes, they are the report's totals at that instant (ReportsService).
 *
 * monthly_category_totals (Reporting0010) holds the same changes by UTC month, so that a sum over
 * years reads a row per category and month, and the days of one month (docs/reports.md, "At scale").
 */

/** An item state's columns, as SQL over some relation. */
interface StateSql {
  active: string;
  stock: string;
  reorderLevel: string;
  unitPrice: string;
  categoryId: string;
}

/** What a state counts for (negated for the state an event left), as the table's delta columns. */
export function contributionSql(state: StateSql, sign: 1 | -1): string {
  const minus = sign === 1 ? '' : '-';
  const low = `(${state.active} AND ${StockSql.needsReorder(state.stock, state.reorderLevel)})`;
  const value = `${state.stock} * ${state.unitPrice}::numeric(12, 2)`;
  // Every value of scale 2, so that sums read the same however they were grouped (live or rebuilt).
  return `COALESCE(${state.categoryId}, '') AS category_id,
    ${minus}(${state.active})::int AS items_delta,
    ${minus}${low}::int AS low_stock_delta,
    ${minus}(CASE WHEN ${state.active} THEN ${value} ELSE 0.00 END) AS value_delta,
    ${minus}(CASE WHEN ${low} THEN ${value} ELSE 0.00 END) AS low_stock_value_delta`;
}

const AFTER: StateSql = {
  active: 'active',
  stock: 'stock',
  reorderLevel: 'reorder_level',
  unitPrice: 'unit_price',
  categoryId: 'category_id',
};
const BEFORE: StateSql = {
  active: 'prev_active',
  stock: 'prev_stock',
  reorderLevel: 'prev_reorder_level',
  unitPrice: 'prev_unit_price',
  categoryId: 'prev_category_id',
};
/** The table of each period, its key column, and the period of an instant (a timestamptz column). */
const PERIODS = {
  day: { table: 'daily_category_totals', key: 'day', of: (at: string) => `(${at} AT TIME ZONE 'UTC')::date` },
  month: { table: 'monthly_category_totals', key: 'month', of: (at: string) => `date_trunc('month', ${at} AT TIME ZONE 'UTC')::date` },
} as const;
const DELTAS = ['items_delta', 'low_stock_delta', 'value_delta', 'low_stock_value_delta'];
/** A row's category and changes, as both tables have them (what ReportsService sums). */
export const CATEGORY_CHANGE_COLUMNS = `category_id, ${DELTAS.join(', ')}`;
const columnsOf = (period: keyof typeof PERIODS) => `workspace_id, ${PERIODS[period].key}, category_id, ${DELTAS.join(', ')}`;

/**
 * The period-and-category changes of the relation `versions` (a CTE: read twice): rows of item
 * versions with their state (AFTER's columns), the state before them (BEFORE's), workspace_id and occurred_at.
 */
function changesOf(versions: string, period: keyof typeof PERIODS): string {
  const key = `${PERIODS[period].of('occurred_at')} AS ${PERIODS[period].key}`;
  return summedByPeriod(period, [
    `SELECT workspace_id, ${key}, ${contributionSql(AFTER, 1)} FROM ${versions} WHERE active`,
    `SELECT workspace_id, ${key}, ${contributionSql(BEFORE, -1)} FROM ${versions} WHERE prev_active`,
  ]);
}

/** Rows of (workspace_id, the period's key, contributionSql's columns), summed by workspace, period and category. */
function summedByPeriod(period: keyof typeof PERIODS, contributions: string[]): string {
  return `
    SELECT workspace_id, ${PERIODS[period].key}, category_id, ${DELTAS.map((delta) => `sum(${delta})`).join(', ')} FROM (
      ${contributions.join('\n      UNION ALL\n      ')}
    ) changes GROUP BY 1, 2, 3`;
}

/** Live: the batch's versions (the CTE history_rows) move the period's figures. */
function fromBatch(period: keyof typeof PERIODS): string {
  const { table, key } = PERIODS[period];
  return `
  INSERT INTO ${table} (${columnsOf(period)}) ${changesOf('history_rows', period)}
  ON CONFLICT (workspace_id, ${key}, category_id) DO UPDATE SET
    ${DELTAS.map((delta) => `${delta} = ${table}.${delta} + excluded.${delta}`).join(',\n    ')}`;
}
export const DAILY_CATEGORY_TOTALS_FROM_BATCH = fromBatch('day');
export const MONTHLY_CATEGORY_TOTALS_FROM_BATCH = fromBatch('month');

/**
 * The whole table from item_history's versions and their ends (version-ends.ts), with no window
 * over them: a version counts for its state from its own day, and stops counting on the day it
 * ends, which is the day its successor begins. A rebuild's end (inventory.projection.ts) runs it;
 * each version's end came from its sorted pass already (docs/reports.md, "Rebuilds").
 */
export const DAILY_CATEGORY_TOTALS_FROM_VERSION_ENDS = `
  INSERT INTO daily_category_totals (${columnsOf('day')}) ${summedByPeriod('day', [
    `SELECT workspace_id, ${PERIODS.day.of('occurred_at')} AS day, ${contributionSql(AFTER, 1)} FROM item_history WHERE active`,
    `SELECT workspace_id, ${PERIODS.day.of('superseded_at')} AS day, ${contributionSql(AFTER, -1)}
       FROM item_history WHERE active AND superseded_at IS NOT NULL`,
  ])}`;

/**
 * The same from item_history before it kept the versions' ends (Reporting0007, which fills the table
 * from the versions then kept): each version beside the one before it.
 */
export const DAILY_CATEGORY_TOTALS_FROM_HISTORY = `
  WITH versions AS (
    SELECT workspace_id, occurred_at, active, stock, reorder_level, unit_price, category_id,
           lag(active) OVER w AS prev_active, lag(stock) OVER w AS prev_stock, lag(reorder_level) OVER w AS prev_reorder_level,
           lag(unit_price) OVER w AS prev_unit_price, lag(category_id) OVER w AS prev_category_id
      FROM item_history WINDOW w AS (PARTITION BY item_id ORDER BY occurred_at, version)
  )
  INSERT INTO daily_category_totals (${columnsOf('day')}) ${changesOf('versions', 'day')}`;

/** The whole monthly table from the daily one: a month's row wherever one of its days has one, as live. */
export const MONTHLY_CATEGORY_TOTALS_FROM_DAYS = `
  INSERT INTO monthly_category_totals (${columnsOf('month')})
  SELECT workspace_id, date_trunc('month', day)::date, category_id, ${DELTAS.map((delta) => `sum(${delta})`).join(', ')}
    FROM daily_category_totals GROUP BY 1, 2, 3`;
