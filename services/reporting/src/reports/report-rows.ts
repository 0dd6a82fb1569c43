import { stockStatus, type ReportRow } from '@inventory/contracts';

/** A report row as the queries return it (money as exact decimal strings). */
export interface ReportRowRecord {
  id: string;
  name: string;
  sku: string | null;
  category_name: string | null;
  stock: number;
  reorder_level: number;
  unit_price: string;
  total_value: string;
}

export interface ValueRowRecord extends ReportRowRecord {
  category_total_value: string;
}

export interface MovementRowRecord extends ReportRowRecord {
  stock_in: number;
  stock_out: number;
  adjusted: number;
  undone: number;
  net_change: number;
}

/**
 * Exact decimal of scale 2 (summed by PostgreSQL) to a JSON number: the nearest double, which prints
 * back as the same cents.
 */
export const money = (decimal: string): number => Number(decimal);

export function toReportRow(record: ReportRowRecord): ReportRow {
  return {
    id: record.id,
    name: record.name,
    sku: record.sku,
    category: record.category_name === null ? null : { name: record.category_name },
    currentStock: record.stock,
    reorderLevel: record.reorder_level,
    unitPrice: record.unit_price,
    totalValue: money(record.total_value),
    status: stockStatus(record.stock, record.reorder_level),
  };
}

export const toValueRow = (record: ValueRowRecord): ReportRow => ({
  ...toReportRow(record),
  categoryTotalValue: money(record.category_total_value),
});

export const toMovementRow = (record: MovementRowRecord): ReportRow => ({
  ...toReportRow(record),
  movements: {
    stockIn: record.stock_in,
    stockOut: record.stock_out,
    adjusted: record.adjusted,
    undone: record.undone,
    netChange: record.net_change,
  },
});
