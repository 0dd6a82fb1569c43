import { QueryClient } from '@tanstack/react-query';

/** spec §9 defaults: fresh 5 min, cache 10 min, one retry, no mutation retry, no focus refetch. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: 0 },
    },
  });
}
