import { answer, api, type QueryOf, type Schemas } from './client';

export type DashboardStats = Schemas['DashboardStatsDto'];
export type RecentMovement = Schemas['RecentMovementDto'];
export type CategoryValue = Schemas['CategoryValueDto'];
export type ReportRow = Schemas['ReportRowDto'];
export type ReportPage = Schemas['ReportPageDto'];
export type ReportTotals = Schemas['ReportTotalsDto'];
export type ValueHistoryPoint = Schemas['ValueHistoryPointDto'];
export type MovementHistoryPoint = Schemas['MovementHistoryPointDto'];

type ReportPageQuery = QueryOf<'getInventoryReport'>;
export type ReportQuery = Omit<ReportPageQuery, 'page' | 'pageSize' | 'sort' | 'order' | 'search'>;
export type ReportPeriodQuery = QueryOf<'getValueHistory'>;
export type ReportType = NonNullable<ReportPageQuery['type']>;
export type ReportRange = NonNullable<ReportPageQuery['range']>;
export type ReportSort = NonNullable<ReportPageQuery['sort']>;
export type SortOrder = NonNullable<ReportPageQuery['order']>;
/** The report as the Reports screen shows it: sorted and searched on the server (docs/reports.md). */
export type ReportView = Omit<ReportPageQuery, 'page' | 'pageSize'>;

/** `?key=value&…` of the query's set values; '' when none is (for the download links). */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Left-out and empty values are not sent. */
const setOnly = <T extends object>(query: T): T => Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as T;

export function getDashboardStats(): Promise<DashboardStats> {
  return answer(api.GET('/api/dashboard/stats'));
}

export function getRecentMovements(): Promise<RecentMovement[]> {
  return answer(api.GET('/api/dashboard/recent-movements'));
}

export function getCategoryValues(): Promise<CategoryValue[]> {
  return answer(api.GET('/api/dashboard/category-values'));
}

/** One page of the report (by number, or after the cursor of the page before), sorted on the server, with totals over every row. */
export async function getReportPage(query: ReportPageQuery & { pageSize: number }): Promise<ReportPage> {
  return (await answer(api.GET('/api/reports/inventory', { params: { query: setOnly(query) } }))) as ReportPage;
}

/** The whole report as spec §9's CSV, streamed by the server: a plain GET that a link downloads. */
export const reportCsvUrl = (view: ReportView): string => `/api/reports/inventory.csv${queryString(view)}`;

export function getValueHistory(query: ReportPeriodQuery = {}): Promise<ValueHistoryPoint[]> {
  return answer(api.GET('/api/reports/value-history', { params: { query: setOnly(query) } }));
}

export function getMovementHistory(query: ReportPeriodQuery = {}): Promise<MovementHistoryPoint[]> {
  return answer(api.GET('/api/reports/movement-history', { params: { query: setOnly(query) } }));
}
