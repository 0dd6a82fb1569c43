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

/**
 * An alert first seen in the list this long after it was raised is no longer news: the list's
 * fallback then shows it in the bell only (a clock far off the server's errs the same way).
 */
export const ALERT_NEWS_MS = 10 * 60_000;

/**
 * Which low-stock alerts are news to this tab, each told once. The stream tells them within a
 * second, but an alert raised while it reconnects (after a session change, a network blip) comes
 * only with the next list (the reconnect's refetch, or the 30 s poll): the alerts a later list has
 * that no earlier one had are told then. A workspace's first list only says what is old.
 */
export class AlertNews {
  /** Per workspace, the alerts this tab has seen, and whether a list of it came yet; one per tab (the bell remounts with the layout). */
  private readonly workspaces = new Map<string, { seen: Set<string>; listed: boolean }>();

  /** Whether the stream's alert is news (not seen in a list or the stream before); it is seen from now on. */
  fromStream(workspaceId: string, alert: LowStockAlertSummary): boolean {
    const { seen } = this.workspace(workspaceId);
    if (seen.has(alert.id)) return false;
    seen.add(alert.id);
    return true;
  }

  /** The alerts of a fresh list that are news: not seen before, raised within ALERT_NEWS_MS of `now`. */
  fromList<T extends LowStockAlertSummary & Pick<LowStockAlertView, 'createdAt'>>(workspaceId: string, alerts: T[], now: number): T[] {
    const workspace = this.workspace(workspaceId);
    const news = alerts.filter((alert) => !workspace.seen.has(alert.id));
    for (const alert of news) workspace.seen.add(alert.id);
    if (!workspace.listed) {
      workspace.listed = true;
      return [];
    }
    return news.filter((alert) => now - Date.parse(alert.createdAt) < ALERT_NEWS_MS);
  }

  private workspace(workspaceId: string): { seen: Set<string>; listed: boolean } {
    const workspace = this.workspaces.get(workspaceId) ?? { seen: new Set<string>(), listed: false };
    this.workspaces.set(workspaceId, workspace);
    return workspace;
  }
}
