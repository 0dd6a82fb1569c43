import type { CountView } from '../../api/counts';
import { csvCell, downloadCsv } from '../../lib/csv';
import { formatCurrency, isoDay } from '../../lib/format';
import { saveTablePdf } from '../../lib/table-pdf';
import { COUNT_STATUS_LABELS, scopeLabel, signed, when } from './format';

const HEAD = ['Item Name', 'SKU', 'Expected', 'Counted', 'Variance', 'Unit Price', 'Variance Value', 'Counted By'];

/** The counted lines: a count report is of what was counted and how it differs from the books. */
const countedLines = (view: CountView) => view.lines.filter((line) => line.counted !== null);

/** The count report as CSV: one row per counted item; amounts as exact decimals. */
export function countCsv(view: CountView): string {
  const rows = countedLines(view).map((line) =>
    [
      csvCell(line.name),
      line.sku ? csvCell(line.sku) : '',
      line.expected,
      line.counted,
      line.variance,
      line.unitPrice,
      line.varianceValue,
      line.countedBy?.name ? csvCell(line.countedBy.name) : '',
    ].join(','),
  );
  return [HEAD.join(','), ...rows].join('\n');
}

const fileName = (view: CountView, extension: string) =>
  `stock-count-${isoDay(new Date(view.createdAt))}-${view.id.slice(0, 8)}.${extension}`;

export function exportCountCsv(view: CountView): void {
  downloadCsv(countCsv(view), fileName(view, 'csv'));
}

export async function exportCountPdf(view: CountView): Promise<void> {
  const { totals } = view;
  await saveTablePdf({
    title: `Stock Count: ${scopeLabel(view)}`,
    summary: [
      `Opened: ${when(view.createdAt)} by ${view.createdBy.name ?? 'Unknown user'} · ${COUNT_STATUS_LABELS[view.status]}`,
      `Counted: ${totals.counted} of ${totals.items} items · ${totals.withVariance} with a variance (net ${signed(totals.netVariance)})`,
      `Variance value: ${formatCurrency(totals.varianceValue)} (surplus ${formatCurrency(totals.surplusValue)}, shortage ${formatCurrency(totals.shortageValue)})`,
    ],
    head: HEAD,
    body: countedLines(view).map((line) => [
      line.name,
      line.sku ?? '',
      String(line.expected),
      String(line.counted),
      signed(line.variance ?? 0),
      formatCurrency(line.unitPrice),
      formatCurrency(line.varianceValue ?? 0),
      line.countedBy?.name ?? '',
    ]),
    fileName: fileName(view, 'pdf'),
  });
}
