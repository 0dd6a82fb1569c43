import type {
  DashboardStats,
  InventoryReportQuery,
  MovementHistoryPoint,
  RecentMovement,
  ReportPeriodQuery,
  ReportRange,
  ReportRow,
  ReportType,
  ValueHistoryPoint,
} from '@inventory/contracts';
import { http } from './http';

export type { DashboardStats, MovementHistoryPoint, RecentMovement, ReportRange, ReportRow, ReportType, ValueHistoryPoint };
export type ReportQuery = InventoryReportQuery;

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

export function getValueHistory(query: ReportPeriodQuery = {}): Promise<ValueHistoryPoint[]> {
  return http.get<ValueHistoryPoint[]>(`/api/reports/value-history${queryString(query)}`);
}

export function getMovementHistory(query: ReportPeriodQuery = {}): Promise<MovementHistoryPoint[]> {
  return http.get<MovementHistoryPoint[]>(`/api/reports/movement-history${queryString(query)}`);
}
