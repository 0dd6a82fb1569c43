import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMovementHistory, getReportPage, getValueHistory, type ReportQuery, type ReportView } from '../../api/reports';
import { queryKeys } from '../../api/query-keys';

export function useReportPage(view: ReportView, page: number, pageSize: number, enabled = true) {
  const query = { ...view, page, pageSize };
  return useQuery({
    queryKey: queryKeys.reports.inventory(query),
    queryFn: () => getReportPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useValueHistory(query: Pick<ReportQuery, 'range' | 'from' | 'to'>) {
  return useQuery({
    queryKey: queryKeys.reports.valueHistory(query),
    queryFn: () => getValueHistory(query),
    placeholderData: keepPreviousData,
  });
}

export function useMovementHistory(query: Pick<ReportQuery, 'range' | 'from' | 'to'>, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.reports.movementHistory(query),
    queryFn: () => getMovementHistory(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
