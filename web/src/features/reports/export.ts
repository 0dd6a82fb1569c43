import type { ReportRow } from '../../api/reports';
import { downloadBlob } from '../../lib/download';
import { STOCK_STATUS_LABELS, formatCurrency, isoDay } from '../../lib/format';

function statusLabel(row: ReportRow): string {
  return STOCK_STATUS_LABELS[row.status];
}

/**
 * A quoted CSV text cell. One that a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) gets a leading apostrophe, so an item named '=HYPERLINK(…)' stays text.
 */
const quote = (text: string) => `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;

/** SPEC 9 CSV: fixed columns, item names quoted; null for an empty report or anything but a list. */
export function reportCsv(rows: unknown): string | null {
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const header = 'Item Name,SKU,Current Stock,Reorder Level,Unit Price,Total Value,Status';
  const lines = (rows as ReportRow[]).map((row) =>
    [
      quote(row.name),
      row.sku ? quote(row.sku) : '',
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
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `inventory-report-${isoDay()}.csv`);
  return true;
}

/** SPEC 9 PDF; jspdf is loaded only when a PDF is asked for (it would weigh on every page). */
export async function exportReportPdf(rows: unknown): Promise<boolean> {
  if (!Array.isArray(rows) || rows.length === 0) return false;
  const items = rows as ReportRow[];
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF();
  doc.setFontSize(18);
  doc.text('Inventory Report', 14, 22);
  doc.setFontSize(11);
  const totalValue = items.reduce((sum, row) => sum + row.totalValue, 0);
  const lowStock = items.filter((row) => row.status !== 'in-stock').length;
  doc.text(`Generated: ${new Date().toLocaleDateString('en-US')}`, 14, 32);
  doc.text(`Total Items: ${items.length}`, 14, 40);
  doc.text(`Total Value: ${formatCurrency(totalValue)}`, 14, 48);
  doc.text(`Low Stock Items: ${lowStock}`, 14, 56);
  autoTable(doc, {
    startY: 64,
    styles: { fontSize: 8 },
    head: [['Item Name', 'SKU', 'Category', 'Stock', 'Reorder', 'Unit Price', 'Total Value', 'Status']],
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
  });
  doc.save(`inventory-report-${isoDay()}.pdf`);
  return true;
}
