import type { StockStatus } from '../api/inventory';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** spec §9: US dollars, en-US format. */
export function formatCurrency(value: number | string): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count of things with thousands separators: 1,000 rows. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A count and its noun: "1 location", "1,200 locations". */
export function formatCountOf(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/**
 * How many items a list holds: "1 item", "1,200 items", or "1,001+ items" when the count stopped
 * short of the last match (the item list's X-Total-Count-Capped, docs/api.md).
 */
export function formatItemCount(count: number, atLeast = false): string {
  return atLeast ? `${formatCount(count)}+ items` : formatCountOf(count, 'item', 'items');
}

/** Items and report rows carry their status from the API (contracts' stock rule, applied by the services). */
export type { StockStatus };

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  'in-stock': 'In Stock',
  'low-stock': 'Low Stock',
  'out-of-stock': 'Out of Stock',
};

/** Local YYYY-MM-DD, for export file names. */
export function isoDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
