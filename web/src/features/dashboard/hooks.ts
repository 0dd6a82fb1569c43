import { useQuery } from '@tanstack/react-query';
import { getDashboardStats, getRecentMovements } from '../../api/reports';
import { queryKeys } from '../../api/query-keys';

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.dashboard.stats(), queryFn: getDashboardStats });
}

export function useRecentMovements() {
  return useQuery({ queryKey: queryKeys.dashboard.recentMovements(), queryFn: getRecentMovements });
}
