import type { AlertSeverity, StockStatus } from './inventory.js';

/*
 * The stock rules (spec §4), written once for every tier: the services' TypeScript and SQL, the
 * web app. Out of Stock at 0; Low Stock at or below the reorder level; otherwise In Stock. An item
 * needs reordering when it is low or out. An alert is critical when stock is 0 or at most half the
 * reorder level.
 */

/** spec §4's badge texts. */
export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  'in-stock': 'In Stock',
  'low-stock': 'Low Stock',
  'out-of-stock': 'Out of Stock',
};

export function stockStatus(currentStock: number, reorderLevel: number): StockStatus {
  if (currentStock <= 0) return 'out-of-stock';
  return currentStock <= reorderLevel ? 'low-stock' : 'in-stock';
}

export const needsReorder = (currentStock: number, reorderLevel: number): boolean => currentStock <= reorderLevel;

export function alertSeverity(currentStock: number, reorderLevel: number): AlertSeverity {
  return currentStock <= 0 || currentStock <= reorderLevel / 2 ? 'critical' : 'low';
}

/** The same rules as SQL conditions over a stock and a reorder-level column (names are ours, never input). */
export const StockSql = {
  status(status: StockStatus, stock = 'current_stock', reorderLevel = 'reorder_level'): string {
    switch (status) {
      case 'out-of-stock':
        return `${stock} <= 0`;
      case 'low-stock':
        return `${stock} > 0 AND ${stock} <= ${reorderLevel}`;
      case 'in-stock':
        return `${stock} > ${reorderLevel}`;
    }
  },
  needsReorder: (stock = 'current_stock', reorderLevel = 'reorder_level') => `${stock} <= ${reorderLevel}`,
};
