import { http } from './http';

/** One unread low-stock alert as listed by GET /api/alerts/low-stock (SPEC 7). */
export interface LowStockAlert {
  id: number | string;
  itemId?: number | string;
  isRead?: boolean;
  createdAt?: string;
  item: {
    name: string;
    currentStock: number;
    reorderLevel: number;
  };
}

export function getLowStockAlerts(): Promise<LowStockAlert[]> {
  return http.get<LowStockAlert[]>('/api/alerts/low-stock');
}

export function markAlertRead(id: LowStockAlert['id']): Promise<unknown> {
  return http.patch<unknown>(`/api/alerts/${encodeURIComponent(String(id))}/read`);
}
