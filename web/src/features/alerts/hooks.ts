import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AlertStreamEvents } from '@inventory/contracts';
import { getLowStockAlerts, markAlertRead, type LowStockAlert } from '../../api/alerts';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../auth/hooks';
import { useLowStockNotifier } from '../notifications/hooks';
import { AlertNews, parseLowStockAlert } from '../notifications/low-stock-notification';

/** spec §4/9: alerts are polled every 30 s. */
export const ALERT_POLL_MS = 30_000;

const lowStockAlertsQuery = { queryKey: queryKeys.alerts.lowStock(), queryFn: getLowStockAlerts, refetchInterval: ALERT_POLL_MS };

export function useLowStockAlerts() {
  const query = useQuery(lowStockAlertsQuery);
  // A failing or malformed answer shows as "no alerts" rather than breaking the top bar.
  const alerts = !query.isError && Array.isArray(query.data) ? query.data : [];
  return { alerts, isLoading: query.isLoading };
}

type AlertStreamEvent = (typeof AlertStreamEvents)[keyof typeof AlertStreamEvents];
const ALERT_CHANGES: AlertStreamEvent[] = ['low-stock-alert', 'alert-resolved'];

/** This tab's record of the alerts it has told as system notifications (features/notifications). */
const alertNews = new AlertNews();

/**
 * The gateway pushes alert changes as server-sent events, so the bell updates within a second; the
 * 30 s poll stays as the fallback. Reconnects (EventSource retries by itself) refetch too, in case
 * something was raised while the stream was down. Mount once, in the top bar. The stream carries one
 * workspace's alerts: a switch opens a new one. A new alert may also become a system notification:
 * from the stream, or from a later list when the stream missed it (AlertNews).
 */
export function useLiveAlerts() {
  const queryClient = useQueryClient();
  const workspaceId = useAuth().user?.workspace?.id;
  const notify = useLowStockNotifier();
  const { data: listed } = useQuery(lowStockAlertsQuery);

  useEffect(() => {
    if (typeof EventSource === 'undefined' || !workspaceId) return;
    const source = new EventSource('/api/alerts/stream');
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
    for (const type of ALERT_CHANGES) source.addEventListener(type, refresh);
    source.addEventListener('low-stock-alert', (event) => {
      const alert = parseLowStockAlert(event.data);
      if (alert && alertNews.fromStream(workspaceId, alert)) notify(alert);
    });
    source.addEventListener('open', refresh);
    return () => source.close();
  }, [queryClient, workspaceId, notify]);

  useEffect(() => {
    if (!workspaceId || !Array.isArray(listed)) return;
    for (const alert of alertNews.fromList(workspaceId, listed, Date.now())) notify(alert);
  }, [workspaceId, listed, notify]);
}

export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: LowStockAlert['id']) => markAlertRead(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all }),
  });
}
