import type { ExpiringLotView } from '../../api/inventory';
import { csvCell, downloadCsv } from '../../lib/csv';
import { formatCurrency, isoDay } from '../../lib/format';
import { saveTablePdf } from '../../lib/table-pdf';
import { expiryLabel } from '../inventory/expiry';

/*
 * The 'Expiring' report's files (docs/expiry.md): one row per lot, earliest expiry first, as the
 * screen shows it.
 */

const HEAD = ['Item Name', 'SKU', 'Lot', 'Location', 'Quantity', 'Expires On', 'Status', 'Value'] as const;

const cells = (lot: ExpiringLotView) => [
  lot.itemName,
  lot.sku ?? '',
  lot.lot ?? '',
  lot.locationName ?? (lot.locationId === null ? 'Unassigned' : ''),
  String(lot.quantity),
  lot.expiresOn,
  expiryLabel(lot.daysLeft),
  lot.value,
];

/** null for an empty report. */
export function expiringCsv(lots: readonly ExpiringLotView[]): string | null {
  if (lots.length === 0) return null;
  return [
    HEAD.join(','),
    ...lots.map((lot) =>
      cells(lot)
        .map((cell, i) => (i <= 3 || i === 6 ? csvCell(cell) : cell))
        .join(','),
    ),
  ].join('\n');
}

export function exportExpiringCsv(lots: readonly ExpiringLotView[]): boolean {
  const csv = expiringCsv(lots);
  if (csv === null) return false;
  downloadCsv(csv, `expiring-report-${isoDay()}.csv`);
  return true;
}

export async function exportExpiringPdf(lots: readonly ExpiringLotView[]): Promise<boolean> {
  if (lots.length === 0) return false;
  const expired = lots.filter((lot) => lot.daysLeft < 0);
  await saveTablePdf({
    title: 'Expiring Stock Report',
    summary: [
      `Generated: ${new Date().toLocaleDateString('en-US')}`,
      `Lots expiring soon: ${lots.length - expired.length}`,
      `Expired lots: ${expired.length}`,
      `Value at risk: ${formatCurrency(valueAtRisk(lots))}`,
    ],
    head: HEAD,
    body: lots.map((lot) => cells(lot).map((cell, i) => (i === 7 ? formatCurrency(cell) : cell))),
    fileName: `expiring-report-${isoDay()}.pdf`,
  });
  return true;
}

/** The lots' value at their items' unit prices, summed in cents so the total is exact. */
export const valueAtRisk = (lots: readonly ExpiringLotView[]): number =>
  lots.reduce((cents, lot) => cents + Math.round(Number.parseFloat(lot.value) * 100), 0) / 100;
