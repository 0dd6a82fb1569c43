import { getReportPage, reportCsvUrl, type ReportRow, type ReportTotals, type ReportView } from '../../api/reports';
import { downloadFrom } from '../../lib/download';
import { STOCK_STATUS_LABELS, formatCurrency, isoDay } from '../../lib/format';
import { saveTablePdf } from '../../lib/table-pdf';
import { REPORT_PAGE_MAX_SIZE, REPORT_PDF_MAX_ROWS } from './report-rules';

/**
 * spec §9 CSV, made and streamed by the server: every row of the report in the order on screen.
 * Nothing happens for an empty report (spec §5).
 */
export function exportReportCsv(view: ReportView, totals: ReportTotals | undefined): boolean {
  if (!totals || totals.items === 0) return false;
  downloadFrom(reportCsvUrl(view));
  return true;
}

/** The first rows of the report, in its order: what the PDF lists. */
async function firstRows(view: ReportView, count: number): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  let after: string | undefined;
  do {
    const page = await getReportPage({ ...view, pageSize: REPORT_PAGE_MAX_SIZE, after });
    rows.push(...page.rows);
    after = page.next ?? undefined;
  } while (after && rows.length < count);
  return rows.slice(0, count);
}

/**
 * spec §9 PDF, made in the browser. Its figures cover the whole report (the server's totals); its
 * table lists the first REPORT_PDF_MAX_ROWS rows, and says so when there are more: a PDF is read,
 * and the CSV carries every row.
 */
export async function exportReportPdf(view: ReportView, totals: ReportTotals | undefined): Promise<boolean> {
  if (!totals || totals.items === 0) return false;
  const rows = await firstRows(view, REPORT_PDF_MAX_ROWS);
  const shown =
    rows.length < totals.items ? [`Listing the first ${rows.length.toLocaleString('en-US')} items; Export CSV has them all`] : [];
  await saveTablePdf({
    title: 'Inventory Report',
    summary: [
      `Generated: ${new Date().toLocaleDateString('en-US')}`,
      `Total Items: ${totals.items}`,
      `Total Value: ${formatCurrency(totals.value)}`,
      `Low Stock Items: ${totals.lowStock}`,
      ...shown,
    ],
    head: ['Item Name', 'SKU', 'Category', 'Stock', 'Reorder', 'Unit Price', 'Total Value', 'Status'],
    body: rows.map((row) => [
      row.name,
      row.sku ?? '',
      row.category?.name ?? 'Uncategorized',
      String(row.currentStock),
      String(row.reorderLevel),
      formatCurrency(row.unitPrice),
      formatCurrency(row.totalValue),
      STOCK_STATUS_LABELS[row.status],
    ]),
    fileName: `inventory-report-${isoDay()}.pdf`,
  });
  return true;
}
