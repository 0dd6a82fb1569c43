import type { ReportRow, ReportSort } from '@inventory/contracts';

const STATUS_RANK = { 'out-of-stock': 0, 'low-stock': 1, 'in-stock': 2 };
const SORT_VALUE: Record<ReportSort, (row: ReportRow) => string | number> = {
  name: (row) => row.name.toLowerCase(),
  sku: (row) => (row.sku ?? '').toLowerCase(),
  category: (row) => (row.category?.name ?? '').toLowerCase(),
  currentStock: (row) => row.currentStock,
  reorderLevel: (row) => row.reorderLevel,
  unitPrice: (row) => Number(row.unitPrice),
  totalValue: (row) => row.totalValue,
  status: (row) => STATUS_RANK[row.status],
};
const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The oracle of the report's column orders: the rows by the column, then name, then id, all in one
 * direction (reports.service.ts, SORT_KEYS). Plain code-unit order: test names are ASCII.
 */
export function sortedBy(rows: ReportRow[], sort: ReportSort, order: 'asc' | 'desc'): ReportRow[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign *
      (compare(SORT_VALUE[sort](a), SORT_VALUE[sort](b)) || compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.id, b.id)),
  );
}
