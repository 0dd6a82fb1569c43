import type { LowStockAlertView } from '@inventory/contracts';
import { http } from './http';

/** One unread low-stock alert as GET /api/alerts/low-stock lists it (the contract's shape, severity included). */
export type LowStockAlert = LowStockAlertView;

export function getLowStockAlerts(): Promise<LowStockAlert[]> {
  return http.get<LowStockAlert[]>('/api/alerts/low-stock');
}

export function markAlertRead(id: LowStockAlert['id']): Promise<unknown> {
  return http.patch<unknown>(`/api/alerts/${encodeURIComponent(id)}/read`);
}
