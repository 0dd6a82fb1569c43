import type { LowStockAlert as LowStockAlertView } from '../../api/alerts';
import type { AppNotification } from './browser-push';

/** What a low-stock alert needs to be told about: the stream's alert (or its parts). */
export type LowStockAlertSummary = Pick<LowStockAlertView, 'id' | 'itemId' | 'item'>;

/**
 * The notification an open tab shows for a low-stock alert: the same title, body, link and tag as
 * the server's Web Push for it (the identity worker's message; `itemPath` and `lowStockJobId` in
 * @inventory/contracts, which the web may import types from only), so whichever arrives second
 * replaces the first instead of showing twice.
 */
export function lowStockNotification({ id, itemId, item }: LowStockAlertSummary, workspaceName: string): AppNotification {
  const stock =
    item.currentStock === 0
      ? `Out of stock (reorder level ${item.reorderLevel})`
      : `${item.currentStock} left, reorder level ${item.reorderLevel}`;
  return {
    title: `Low stock: ${item.name}`,
    body: `${stock} · ${workspaceName}`,
    url: `/inventory?item=${encodeURIComponent(itemId)}`,
    tag: `low-stock-${id}`,
  };
}

/** The stream's `low-stock-alert` data, or null when it is not an alert this code understands. */
export function parseLowStockAlert(data: unknown): LowStockAlertSummary | null {
  if (typeof data !== 'string') return null;
  try {
    const alert = JSON.parse(data) as Partial<LowStockAlertSummary>;
    const { id, itemId, item } = alert;
    const valid =
      (typeof id === 'string' || typeof id === 'number') &&
      (typeof itemId === 'string' || typeof itemId === 'number') &&
      typeof item?.name === 'string' &&
      typeof item.currentStock === 'number' &&
      typeof item.reorderLevel === 'number';
    return valid ? { id: String(id), itemId: String(itemId), item } : null;
  } catch {
    return null;
  }
}
