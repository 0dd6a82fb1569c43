import { useQuery } from '@tanstack/react-query';
import { getCategoryValues, getDashboardStats, getRecentMovements } from '../../api/reports';
import { queryKeys } from '../../api/query-keys';

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.dashboard.stats(), queryFn: getDashboardStats });
}

export function useRecentMovements() {
  return useQuery({ queryKey: queryKeys.dashboard.recentMovements(), queryFn: getRecentMovements });
}

/** The Stock Value by Category chart: one bar a category, kept by the server (docs/reports.md). */
export function useCategoryValues({ enabled = true } = {}) {
  return useQuery({ queryKey: queryKeys.dashboard.categoryValues(), queryFn: getCategoryValues, enabled });
}
