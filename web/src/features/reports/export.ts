import type { ReportRow } from '../../api/reports';
import { csvCell, downloadCsv } from '../../lib/csv';
import { STOCK_STATUS_LABELS, formatCurrency, isoDay } from '../../lib/format';
import { saveTablePdf } from '../../lib/table-pdf';

function statusLabel(row: ReportRow): string {
  return STOCK_STATUS_LABELS[row.status];
}

/** SPEC 9 CSV: fixed columns, item names quoted; null for an empty report or anything but a list. */
export function reportCsv(rows: unknown): string | null {
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const header = 'Item Name,SKU,Current Stock,Reorder Level,Unit Price,Total Value,Status';
  const lines = (rows as ReportRow[]).map((row) =>
    [
      csvCell(row.name),
      row.sku ? csvCell(row.sku) : '',
      row.currentStock,
      row.reorderLevel,
      Number.parseFloat(row.unitPrice).toFixed(2),
      row.totalValue.toFixed(2),
      statusLabel(row),
    ].join(','),
  );
  return [header, ...lines].join('\n');
}

/** Downloads the report as inventory-report-{day}.csv; nothing happens for an empty report (SPEC 5). */
export function exportReportCsv(rows: unknown): boolean {
  const csv = reportCsv(rows);
  if (csv === null) return false;
  downloadCsv(csv, `inventory-report-${isoDay()}.csv`);
  return true;
}

/** SPEC 9 PDF. */
export async function exportReportPdf(rows: unknown): Promise<boolean> {
  if (!Array.isArray(rows) || rows.length === 0) return false;
  const items = rows as ReportRow[];
  const totalValue = items.reduce((sum, row) => sum + row.totalValue, 0);
  const lowStock = items.filter((row) => row.status !== 'in-stock').length;
  await saveTablePdf({
    title: 'Inventory Report',
    summary: [
      `Generated: ${new Date().toLocaleDateString('en-US')}`,
      `Total Items: ${items.length}`,
      `Total Value: ${formatCurrency(totalValue)}`,
      `Low Stock Items: ${lowStock}`,
    ],
    head: ['Item Name', 'SKU', 'Category', 'Stock', 'Reorder', 'Unit Price', 'Total Value', 'Status'],
    body: items.map((row) => [
      row.name,
      row.sku ?? '',
      row.category?.name ?? 'Uncategorized',
      String(row.currentStock),
      String(row.reorderLevel),
      formatCurrency(row.unitPrice),
      formatCurrency(row.totalValue),
      statusLabel(row),
    ]),
    fileName: `inventory-report-${isoDay()}.pdf`,
  });
  return true;
}
