import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getLowStockAlerts, markAlertRead, type LowStockAlert } from '../../api/alerts';
import { queryKeys } from '../../api/query-keys';

/** SPEC 4/9: alerts are polled every 30 s. */
export const ALERT_POLL_MS = 30_000;

export type AlertSeverity = 'critical' | 'low';

/** SPEC 4: critical when stock is 0 or at most half the reorder level. */
export function alertSeverity(item: LowStockAlert['item']): AlertSeverity {
  return item.currentStock === 0 || item.currentStock <= item.reorderLevel / 2 ? 'critical' : 'low';
}

export function useLowStockAlerts() {
  const query = useQuery({
    queryKey: queryKeys.alerts.lowStock(),
    queryFn: getLowStockAlerts,
    refetchInterval: ALERT_POLL_MS,
  });
  // A failing or malformed answer shows as "no alerts" rather than breaking the top bar.
  const alerts = !query.isError && Array.isArray(query.data) ? query.data : [];
  return { alerts, isLoading: query.isLoading };
}

export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: LowStockAlert['id']) => markAlertRead(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all }),
  });
}
