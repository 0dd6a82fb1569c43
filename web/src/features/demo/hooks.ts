import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getDemoStatus, resetDemo } from '../../api/demo';
import { errorMessage } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../lib/toast';

/** How often the status is asked for while a reset runs (it takes a few seconds), and otherwise. */
const RESETTING_POLL_MS = 1000;
const IDLE_POLL_MS = 60_000;

/**
 * The demo's reset status. When a reset ends (this visitor's or anyone's, docs/demo.md), every
 * screen's data is fetched again and the visitor is told why it changed.
 */
export function useDemoStatus(enabled: boolean) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({
    queryKey: queryKeys.demo.status(),
    queryFn: getDemoStatus,
    enabled,
    // Always stale, so regaining focus asks again (the app's default keeps data 5 minutes).
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.resetting ? RESETTING_POLL_MS : IDLE_POLL_MS),
  });
  const seenResetAt = useRef<string | null | undefined>(undefined);
  const lastResetAt = status.data?.lastResetAt;
  useEffect(() => {
    if (lastResetAt === undefined) return;
    if (seenResetAt.current !== undefined && lastResetAt !== seenResetAt.current) {
      // Told once the screens show the sample again, not while they still show the old data.
      void queryClient
        .invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'demo' })
        .finally(() => toast({ title: 'The demo has its sample data again' }));
    }
    seenResetAt.current = lastResetAt;
  }, [lastResetAt, queryClient, toast]);
  return status;
}

export function useResetDemo() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: resetDemo,
    onSuccess: (status) => queryClient.setQueryData(queryKeys.demo.status(), status),
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to reset the demo data'), variant: 'destructive' }),
  });
}
