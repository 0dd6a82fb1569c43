import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '@inventory/platform';
import {
  REPORT_DEFAULTS,
  StockSql,
  type InventoryReportQuery,
  type ReportPeriodQuery,
  type ReportRow,
  type MovementHistoryPoint,
  type ReportType,
  type ValueHistoryPoint,
} from '@inventory/contracts';
import { periodDays, resolvePeriod, snapshotInstant, type ReportPeriod } from './report-period.js';
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

/** How each snapshot report selects, adds to and orders the rows of the items at one instant. */
const SNAPSHOT_SHAPES: Record<SnapshotType, { columns: string; filter: string; order: string }> = {
  inventory: { columns: '', filter: '', order: 'lower(s.name), s.item_id' },
  'low-stock': {
    columns: '',
    filter: `AND ${StockSql.needsReorder('s.stock', 's.reorder_level')}`,
    order: 's.stock, lower(s.name), s.item_id',
  },
  value: {
    // Items without a category (or whose category was deleted) are one group.
    columns: ', (sum(s.stock * s.unit_price) OVER (PARTITION BY c.category_id))::text AS category_total_value',
    filter: '',
    order: 'c.name, c.category_id, s.stock * s.unit_price DESC, lower(s.name), s.item_id',
  },
};

const ITEM_COLUMNS = 'item_id, name, sku, category_id, unit_price, reorder_level, stock, active';
/** The state of item `i` after its last event at or before the instant parameter. */
const LATEST_STATE = `SELECT ${ITEM_COLUMNS} FROM item_history h
  WHERE h.workspace_id = i.workspace_id AND h.item_id = i.item_id AND h.occurred_at <= ?
  ORDER BY h.occurred_at DESC, h.version DESC LIMIT 1`;
const ROW_COLUMNS = `s.item_id AS id, s.name, s.sku, c.name AS category_name, s.stock, s.reorder_level,
  s.unit_price::text AS unit_price, (s.stock * s.unit_price)::text AS total_value`;

/** The report rows and the value history, from the reporting read models. */
@Injectable()
export class ReportsService {
  constructor(private readonly em: EntityManager) {}

  async inventoryReport(workspaceId: string, query: InventoryReportQuery): Promise<ReportRow[]> {
    const period = resolvePeriod(query, new Date());
    const instant = snapshotInstant(query, period);
    const type = query.type ?? REPORT_DEFAULTS.type;
    if (type === 'movement') return (await this.movementRows(workspaceId, period)).map(toMovementRow);
    const rows = await this.snapshotRows(workspaceId, instant, type);
    return type === 'value' ? (rows as ValueRowRecord[]).map(toValueRow) : rows.map(toReportRow);
  }

  /** The total value at the end of every day of the period (the last day: up to now). */
  async valueHistory(workspaceId: string, query: ReportPeriodQuery): Promise<ValueHistoryPoint[]> {
    const now = new Date();
    const { firstDay, lastDay, through } = periodDays(resolvePeriod(query, now), now);
    const opening = new Date(`${firstDay}T00:00:00Z`);
    const rows = await runSql<{ date: string; total_value: string }>(
      this.em,
      `WITH opening AS (
         SELECT COALESCE(sum(value_delta), 0) AS value FROM item_history WHERE workspace_id = ? AND occurred_at < ?
       ), changes AS (
         SELECT (occurred_at AT TIME ZONE 'UTC')::date AS day, sum(value_delta) AS delta
           FROM item_history WHERE workspace_id = ? AND occurred_at >= ? AND occurred_at <= ? GROUP BY 1
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
              (opening.value + COALESCE(sum(changes.delta) OVER (ORDER BY d.day), 0))::text AS total_value
         FROM generate_series(?::date, ?::date, interval '1 day') AS d(day)
         CROSS JOIN opening LEFT JOIN changes ON changes.day = d.day::date
        ORDER BY d.day`,
      [workspaceId, opening, workspaceId, opening, through, firstDay, lastDay],
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

  /** Active items at `instant` (null: now) with the category they had then. */
  private snapshotRows(workspaceId: string, instant: Date | null, type: SnapshotType): Promise<ReportRowRecord[]> {
    const shape = SNAPSHOT_SHAPES[type];
    // At an instant: each of the user's items (archived ones too) as its last event up to then left
    // it; one index probe per item, however long its history.
    const source = instant
      ? `SELECT h.* FROM items i CROSS JOIN LATERAL (${LATEST_STATE}) h WHERE i.workspace_id = ?`
      : `SELECT ${ITEM_COLUMNS} FROM items WHERE workspace_id = ?`;
    const sourceParams = instant ? [instant, workspaceId] : [workspaceId];
    return runSql<ReportRowRecord>(
      this.em,
      `SELECT ${ROW_COLUMNS}${shape.columns}
         FROM (${source}) s
         LEFT JOIN categories c ON ${categoryAt(instant)}
        WHERE s.active ${shape.filter}
        ORDER BY ${shape.order}`,
      [...sourceParams, workspaceId, ...(instant ? [instant] : [])],
    );
  }

  /** Items that moved within the period: what moved, and their stock and value at its end. */
  private movementRows(workspaceId: string, period: ReportPeriod): Promise<MovementRowRecord[]> {
    return runSql<MovementRowRecord>(
      this.em,
      `WITH moved AS (
         SELECT item_id,
                COALESCE(sum(quantity) FILTER (WHERE movement_type = 'in'), 0)::int AS stock_in,
                COALESCE(sum(quantity) FILTER (WHERE movement_type = 'out'), 0)::int AS stock_out,
                COALESCE(sum(delta) FILTER (WHERE movement_type = 'adjustment'), 0)::int AS adjusted,
                COALESCE(sum(delta) FILTER (WHERE movement_type = 'undo'), 0)::int AS undone,
                sum(delta)::int AS net_change
           FROM movements WHERE workspace_id = ? AND occurred_at >= ? AND occurred_at <= ?
          GROUP BY item_id
       )
       SELECT ${ROW_COLUMNS}, moved.stock_in, moved.stock_out, moved.adjusted, moved.undone, moved.net_change
         FROM moved
         JOIN items i ON i.item_id = moved.item_id
         CROSS JOIN LATERAL (${LATEST_STATE}) s
         LEFT JOIN categories c ON ${categoryAt(period.end)}
        ORDER BY lower(s.name), s.item_id`,
      [workspaceId, period.start, period.end, period.end, workspaceId, period.end],
    );
  }
}

/** Join condition: the row's category as it stood at `instant` (null: now). Takes the user id, then the instant. */
function categoryAt(instant: Date | null): string {
  const existing = instant ? '(c.deleted_at IS NULL OR c.deleted_at > ?)' : 'c.deleted_at IS NULL';
  return `c.category_id = s.category_id AND c.workspace_id = ? AND ${existing}`;
}
