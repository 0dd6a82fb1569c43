import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMovementHistory, getReportPage, getValueHistory, type ReportPage, type ReportQuery, type ReportView } from '../../api/reports';
import { queryKeys } from '../../api/query-keys';

/**
 * One page of the report. When the page before it has been read, this one is asked for after that
 * page's cursor (`next`) rather than by number: a page by number passes every row before it, which
 * at a past instant or deep in a large report is what makes it slow (docs/reports.md, "Paged reports").
 */
export function useReportPage(view: ReportView, page: number, pageSize: number, enabled = true) {
  const queryClient = useQueryClient();
  const query = { ...view, page, pageSize };
  return useQuery({
    queryKey: queryKeys.reports.inventory(query),
    queryFn: () => {
      const before = queryClient.getQueryData<ReportPage>(queryKeys.reports.inventory({ ...query, page: page - 1 }));
      return getReportPage({ ...query, after: before?.next ?? undefined });
    },
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
