import type { StockStatus, TimelineEntryType } from './inventory.js';

/**
 * The reporting service: dashboard figures, recent activity, report rows and the value history, all
 * read models fed by inventory, catalog and identity events (spec §2, §3, §7 and §9).
 *
 * Money: unit prices are decimal strings exactly as the item holds them ("19.99"); every value
 * (`totalValue`, `categoryTotalValue`) is summed exactly in decimal by PostgreSQL and sent as a JSON
 * number rounded to cents (e.g. 140.23), which is what the web app formats as US dollars.
 *
 * Days and ranges are UTC calendar days: "7days" is today and the 6 days before it, up to now.
 */
export const ReportingSubjects = {
  dashboardStats: 'reporting.dashboard.stats',
  recentMovements: 'reporting.dashboard.recent-movements',
  categoryValues: 'reporting.dashboard.category-values',
  inventoryReport: 'reporting.reports.inventory',
  reportSlice: 'reporting.reports.slice',
  valueHistory: 'reporting.reports.value-history',
  movementHistory: 'reporting.reports.movement-history',
} as const;

export const REPORT_TYPES = ['inventory', 'low-stock', 'value', 'movement'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_RANGES = ['7days', '30days', '90days', 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** spec §9: report type inventory, period 30days. */
export const REPORT_DEFAULTS = { type: 'inventory', range: '30days' } as const satisfies { type: ReportType; range: ReportRange };

/** The value history draws one point per day; a custom range may not ask for more than this. */
export const VALUE_HISTORY_MAX_DAYS = 366;

export const RECENT_MOVEMENTS_LIMIT = 10;

/**
 * Columns a report page may be sorted by (docs/reports.md). Without `sort` each type keeps its own
 * order (see ReportRow); with it, ties go by name, then id, in the same direction.
 */
export const REPORT_SORTS = ['name', 'sku', 'category', 'currentStock', 'reorderLevel', 'unitPrice', 'totalValue', 'status'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A report page: 50 rows unless asked, at most 500. */
export const REPORT_PAGE_SIZE = { default: 50, max: 500 } as const;
/**
 * The unpaged spec answer (a bare list) holds at most this many rows; `X-Total-Count` says how many
 * there are, and a `Link` header points at the paged form when some were left off.
 */
export const REPORT_UNPAGED_CAP = 10_000;
export const REPORT_SEARCH_MAX_LENGTH = 200;
/** spec §9: the report CSV's columns, in order. */
export const REPORT_CSV_HEADERS = ['Item Name', 'SKU', 'Current Stock', 'Reorder Level', 'Unit Price', 'Total Value', 'Status'] as const;
/** Rows per slice of the streamed report CSV (one NATS answer each). */
export const REPORT_SLICE_MAX_ROWS = 2_000;
/** The PDF is for reading: it lists at most this many rows, and says so when there are more. */
export const REPORT_PDF_MAX_ROWS = 1_000;

/**
 * Dates the report queries accept: a day (YYYY-MM-DD) or an ISO 8601 date-time; a date-time without
 * an offset is UTC. Years 1900 to 9999 only: year 0000 and its like are valid to JavaScript but not
 * to PostgreSQL, and no inventory has history before 1900.
 */
export const REPORT_DATE_PATTERN = /^(19|[2-9]\d)\d{2}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instant a REPORT_DATE_PATTERN text names: a day is its first or last millisecond (UTC), as
 * `edge` says; a date-time is exact, UTC when it has no offset. Null for a day not on the calendar
 * (2025-02-30), which the pattern lets through. Report periods and the movement export read dates so.
 */
export function reportInstant(text: string, edge: 'start' | 'end'): Date | null {
  const dateOnly = DATE_ONLY.test(text);
  const ms = Date.parse(dateOnly || HAS_OFFSET.test(text) ? text : `${text}Z`);
  // Date.parse rolls 2025-02-30 over to March; a real calendar day reads back unchanged.
  const day = text.slice(0, 10);
  const dayMs = Date.parse(day);
  if (Number.isNaN(ms) || Number.isNaN(dayMs) || new Date(dayMs).toISOString().slice(0, 10) !== day) return null;
  return new Date(dateOnly && edge === 'end' ? ms + DAY_MS - 1 : ms);
}

/** Validation messages shared by the gateway's and the service's checks. */
export const ReportMessages = {
  typeInvalid: `type must be one of: ${REPORT_TYPES.join(', ')}`,
  rangeInvalid: `range must be one of: ${REPORT_RANGES.join(', ')}`,
  dateInvalid: (field: 'from' | 'to' | 'asOf') => `${field} must be an ISO 8601 date or date-time between 1900 and 9999, e.g. 2025-01-31`,
  customNeedsDates: 'A custom range needs both from and to',
  datesNeedCustom: 'from and to apply only to range=custom',
  fromAfterTo: 'from must not be after to',
  sortInvalid: `sort must be one of: ${REPORT_SORTS.join(', ')}`,
  orderInvalid: 'order must be asc or desc',
  pageInvalid: 'page must be a whole number from 1',
  pageSizeInvalid: `pageSize must be a whole number from 1 to ${REPORT_PAGE_SIZE.max}`,
  searchInvalid: `search must be text of at most ${REPORT_SEARCH_MAX_LENGTH} characters`,
  cursorInvalid: 'after is not a cursor this report gave',
  asOfNotForMovement: 'asOf applies to the inventory, low-stock and value reports, not to movement',
  historyTooLong: `The value history covers at most ${VALUE_HISTORY_MAX_DAYS} days`,
} as const;

/** GET /api/dashboard/stats: the signed-in user's figures right now. */
export interface DashboardStats {
  /** Active (not archived) items. */
  totalItems: number;
  /** Active items at or below their reorder level, out-of-stock ones included. */
  lowStockItems: number;
  /** Sum of stock × unit price over active items, exact in decimal, as a number rounded to cents. */
  totalValue: number;
  /** The user's categories. */
  categoriesCount: number;
}

/**
 * One bar of GET /api/dashboard/category-values: the total value of a category's active items now
 * (category null: the items without one, or whose category was deleted). Kept by the projection, so
 * one row per category however many items there are.
 */
export interface CategoryValue {
  category: { id: string; name: string } | null;
  /** Sum of stock × unit price, exact in decimal, as a number rounded to cents. */
  value: number;
}

/** One entry of GET /api/dashboard/recent-movements (the latest RECENT_MOVEMENTS_LIMIT, newest first). */
export interface RecentMovement {
  /** The movement id (the target of an undo). */
  id: string;
  /** in / out / adjustment as in spec §4; transfers, undos and relocations keep their own type. */
  movementType: TimelineEntryType;
  /**
   * in, out, transfer, relocation: the amount moved; adjustment: the new stock level (spec §4);
   * undo: the largest change it made at one place (as the item's timeline shows it).
   */
  quantity: number;
  /** ISO 8601 time of the movement. */
  createdAt: string;
  item: { name: string };
  /** Who recorded it, by display name at the time (null for movements from before it was recorded). */
  userName: string | null;
}

/** What moved of one item within the report's range (type=movement). */
export interface MovementTotals {
  /** Sum of quantities received. */
  stockIn: number;
  /** Sum of quantities issued. */
  stockOut: number;
  /** Net change made by adjustments (signed). */
  adjusted: number;
  /** Net change made by undos (signed). */
  undone: number;
  /** Change of the item's total stock over the range: stockIn - stockOut + adjusted + undone. */
  netChange: number;
}

/** spec §3 "Inventory report row": one item, at the report's instant. */
export interface InventoryReportRow {
  id: string;
  name: string;
  sku: string | null;
  category: { name: string } | null;
  currentStock: number;
  reorderLevel: number;
  /** decimal(10,2) as a string, e.g. "19.99". */
  unitPrice: string;
  /** currentStock × unitPrice, as a number rounded to cents. */
  totalValue: number;
  /** The stock rule (stock-rules.ts) applied to the row, so no client repeats it. */
  status: StockStatus;
}

/**
 * A row of GET /api/reports/inventory. The answer stays a list of spec report rows for every type;
 * `value` and `movement` add their own field to each row.
 * - inventory: active items by name. low-stock: only those at or below their reorder level, lowest stock first.
 * - value: active items grouped by category (by category name, Uncategorized last), highest value first.
 * - movement: items with stock movements in the range, by name; stock and value at the end of the range.
 */
export interface ReportRow extends InventoryReportRow {
  /** type=value: total value of the row's category (items without a category count together). */
  categoryTotalValue?: number;
  /** type=movement: the movements of the item within the range. */
  movements?: MovementTotals;
}

/** Which days a report or a chart covers. */
export interface ReportPeriodQuery {
  /** Default 30days. */
  range?: ReportRange;
  /** range=custom only: first day (YYYY-MM-DD, from 00:00 UTC) or an exact ISO 8601 instant. */
  from?: string;
  /** range=custom only: last day (YYYY-MM-DD, through 23:59:59.999 UTC) or an exact ISO 8601 instant. */
  to?: string;
}

export interface InventoryReportQuery extends ReportPeriodQuery {
  /** Default inventory. */
  type?: ReportType;
  /**
   * Stock, price and value of every item at this instant, folded from the event history (not for
   * type=movement); a day alone means the end of that UTC day. Without it, the snapshot reports
   * (inventory, low-stock, value) show now, or the end of a custom range.
   */
  asOf?: string;
}

/** A page of a report: GET /api/reports/inventory with `page` or `pageSize`. */
export interface ReportPageQuery extends InventoryReportQuery {
  /** 1-based; default 1. */
  page?: number;
  pageSize?: number;
  sort?: ReportSort;
  /** Default asc. */
  order?: SortOrder;
  /** Case-insensitive substring of the name or the SKU. */
  search?: string;
  /**
   * The `next` of a page of the same query: the page after it, whatever its number (then `page` is
   * ignored). A page after a cursor costs a page's worth of rows however deep it is; by number it
   * passes every row before it.
   */
  after?: string;
}

/** Figures over every row of the report (not just the page): the Reports screen's summary cards. */
export interface ReportTotals {
  /** Sum of the rows' total values, exact, rounded to cents. */
  value: number;
  /** Rows at or below their reorder level (out of stock included). */
  lowStock: number;
  /** Rows of the report. */
  items: number;
  /** Distinct categories among the rows. */
  categories: number;
}

export interface ReportPage {
  rows: ReportRow[];
  /** Rows of the whole report (= totals.items). */
  total: number;
  totals: ReportTotals;
  /** The cursor to the page after this one (`after`); null on the last page. */
  next: string | null;
}

/**
 * Service side of the report: one page by offset (the screen) or after a cursor (the streamed
 * export, which must not slow down page by page). `next` is the cursor after the last row, null at the end.
 */
export interface ReportSliceRequest extends Omit<ReportPageQuery, 'page'> {
  page?: number;
  /** Also compute the totals (the export does not need them). */
  withTotals?: boolean;
}

export interface ReportSlice {
  rows: ReportRow[];
  next: string | null;
  total?: number;
  totals?: ReportTotals;
}

/** One day of GET /api/reports/value-history: the total value at the end of that UTC day (today: now). */
export interface ValueHistoryPoint {
  /** YYYY-MM-DD */
  date: string;
  totalValue: number;
}

/**
 * One day of GET /api/reports/movement-history: what came in and went out that UTC day, over all
 * items (adjustments and undos are not receipts or issues and are left out).
 */
export interface MovementHistoryPoint {
  /** YYYY-MM-DD */
  date: string;
  stockIn: number;
  stockOut: number;
}

export interface ReportingRpc {
  [ReportingSubjects.dashboardStats]: { request: void; response: DashboardStats };
  [ReportingSubjects.recentMovements]: { request: void; response: RecentMovement[] };
  [ReportingSubjects.categoryValues]: { request: void; response: CategoryValue[] };
  [ReportingSubjects.inventoryReport]: { request: InventoryReportQuery; response: ReportRow[] };
  [ReportingSubjects.reportSlice]: { request: ReportSliceRequest; response: ReportSlice };
  [ReportingSubjects.valueHistory]: { request: ReportPeriodQuery; response: ValueHistoryPoint[] };
  [ReportingSubjects.movementHistory]: { request: ReportPeriodQuery; response: MovementHistoryPoint[] };
}
