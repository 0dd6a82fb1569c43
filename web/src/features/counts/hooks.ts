import { useQuery } from '@tanstack/react-query';
import { applyCount, cancelCount, getCount, listCounts, openCount, recordCount } from '../../api/counts';
import { queryKeys } from '../../api/query-keys';
import { useToastMutation } from '../../lib/use-toast-mutation';
import { INVENTORY_READERS } from '../inventory/hooks';

/** How often an open count is read again, so each counter sees what the others recorded. */
const OPEN_COUNT_POLL_MS = 5_000;

export const useCounts = () => useQuery({ queryKey: queryKeys.counts.list(), queryFn: listCounts });

export function useCount(id: string) {
  return useQuery({
    queryKey: queryKeys.counts.detail(id),
    queryFn: () => getCount(id),
    refetchInterval: (current) => (current.state.data?.status === 'open' ? OPEN_COUNT_POLL_MS : false),
  });
}

export const useOpenCount = () =>
  useToastMutation({ mutationFn: openCount, failure: 'Failed to open the count', invalidates: [queryKeys.counts.all] });

export const useRecordCount = () =>
  useToastMutation({
    mutationFn: recordCount,
    success: (line) => ({ title: 'Counted', description: `${line.name}: ${line.counted}` }),
    failure: 'Failed to record the count',
    invalidates: [queryKeys.counts.all],
  });

/** Refusals (items moved since counted, already applied) are shown by the apply dialog itself. */
export const useApplyCount = () =>
  useToastMutation({
    mutationFn: applyCount,
    success: (view) => ({
      title: 'Count applied',
      description: `${view.totals.withVariance} ${view.totals.withVariance === 1 ? 'adjustment' : 'adjustments'} booked.`,
    }),
    invalidates: [queryKeys.counts.all, ...INVENTORY_READERS],
  });

export const useCancelCount = () =>
  useToastMutation({
    mutationFn: cancelCount,
    success: { title: 'Count cancelled', description: 'Nothing was booked.' },
    failure: 'Failed to cancel the count',
    invalidates: [queryKeys.counts.all],
  });
