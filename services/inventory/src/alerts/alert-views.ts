import type { EntityManager } from '@mikro-orm/postgresql';
import type { LowStockAlertView } from '@inventory/contracts';
import { isoTime, sqlOf } from '../database/sql.js';
import { alertSeverity } from './low-stock.js';

interface AlertRow {
  id: string;
  item_id: string;
  is_read: boolean;
  created_at: string;
  name: string;
  current_stock: number;
  reorder_level: number;
}

const ALERT_SELECT = `
  SELECT a.id, a.item_id, a.is_read, a.created_at, v.name, v.current_stock, v.reorder_level
    FROM alerts a JOIN item_views v ON v.id = a.item_id`;

/** Most alerts one answer lists (the bell shows "99+" above 99 anyway). */
const MAX_ALERTS = 500;

/** The user's open, unread alerts of active items, newest first; severity from the item's stock now. */
export async function listUnreadAlerts(em: EntityManager, workspaceId: string): Promise<LowStockAlertView[]> {
  const rows = await sqlOf(em)<AlertRow>(
    `${ALERT_SELECT} WHERE a.workspace_id = ? AND a.resolved_at IS NULL AND NOT a.is_read AND v.is_active
      ORDER BY a.created_at DESC, a.id LIMIT ?`,
    [workspaceId, MAX_ALERTS],
  );
  return rows.map(toAlertView);
}

export async function findAlert(em: EntityManager, workspaceId: string, alertId: string): Promise<LowStockAlertView | null> {
  const [row] = await sqlOf(em)<AlertRow>(`${ALERT_SELECT} WHERE a.id = ? AND a.workspace_id = ?`, [alertId, workspaceId]);
  return row ? toAlertView(row) : null;
}

function toAlertView(row: AlertRow): LowStockAlertView {
  return {
    id: row.id,
    itemId: row.item_id,
    severity: alertSeverity(row.current_stock, row.reorder_level),
    isRead: row.is_read,
    createdAt: isoTime(row.created_at),
    item: { id: row.item_id, name: row.name, currentStock: row.current_stock, reorderLevel: row.reorder_level },
  };
}
