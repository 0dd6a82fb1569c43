import { answer, api, type Schemas } from './client';

/** One unread low-stock alert as GET /api/alerts/low-stock lists it, severity included. */
export type LowStockAlert = Schemas['LowStockAlertDto'];

export function getLowStockAlerts(): Promise<LowStockAlert[]> {
  return answer(api.GET('/api/alerts/low-stock'));
}

export function markAlertRead(id: LowStockAlert['id']): Promise<unknown> {
  return answer(api.PATCH('/api/alerts/{id}/read', { params: { path: { id } } }));
}
