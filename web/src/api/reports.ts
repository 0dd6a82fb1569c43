import type {
  DashboardStats,
  InventoryReportQuery,
  MovementHistoryPoint,
  RecentMovement,
  ReportPage,
  ReportPageQuery,
  ReportPeriodQuery,
  ReportRange,
  ReportRow,
  ReportSort,
  ReportTotals,
  ReportType,
  SortOrder,
  ValueHistoryPoint,
} from '@inventory/contracts';
import { http } from './http';

export type {
  DashboardStats,
  MovementHistoryPoint,
  RecentMovement,
  ReportPage,
  ReportRange,
  ReportRow,
  ReportSort,
  ReportTotals,
  ReportType,
  SortOrder,
  ValueHistoryPoint,
};
export type ReportQuery = InventoryReportQuery;
/** The report as the Reports screen shows it: sorted and searched on the server (docs/reports.md). */
export type ReportView = Omit<ReportPageQuery, 'page' | 'pageSize'>;

/** `?key=value&…` of the query's set values; '' when none is. */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function getDashboardStats(): Promise<DashboardStats> {
  return http.get<DashboardStats>('/api/dashboard/stats');
}

export function getRecentMovements(): Promise<RecentMovement[]> {
  return http.get<RecentMovement[]>('/api/dashboard/recent-movements');
}

export function getInventoryReport(query: ReportQuery = {}): Promise<ReportRow[]> {
  return http.get<ReportRow[]>(`/api/reports/inventory${queryString(query)}`);
}

/** One page of the report, sorted on the server, with totals over every row. */
export function getReportPage(query: ReportPageQuery & { page: number; pageSize: number }): Promise<ReportPage> {
  return http.get<ReportPage>(`/api/reports/inventory${queryString(query)}`);
}

/** The whole report as SPEC 9's CSV, streamed by the server: a plain GET that a link downloads. */
export const reportCsvUrl = (view: ReportView): string => `/api/reports/inventory.csv${queryString(view)}`;

export function getValueHistory(query: ReportPeriodQuery = {}): Promise<ValueHistoryPoint[]> {
  return http.get<ValueHistoryPoint[]>(`/api/reports/value-history${queryString(query)}`);
}

export function getMovementHistory(query: ReportPeriodQuery = {}): Promise<MovementHistoryPoint[]> {
  return http.get<MovementHistoryPoint[]>(`/api/reports/movement-history${queryString(query)}`);
}
