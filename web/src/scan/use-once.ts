import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { isHttpError } from '../api/http';
import { INVENTORY_READERS } from '../features/inventory/hooks';

/**
 * A key per intent (one tap), sent as the Idempotency-Key and kept for the retries of that intent:
 * the server books a key once, so a retried request never books twice. Made from getRandomValues,
 * which (unlike randomUUID) also exists on a page served over plain HTTP.
 */
export function newIntentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `scan-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** After a booking, a tap this soon after is the same finger bouncing, not a new intent. */
const SETTLE_MS = 400;

/** Lost on the way (no answer) or a part briefly down: worth sending again with the same key. */
const isTransient = (error: unknown) => !isHttpError(error) || error.status === 502 || error.status === 503 || error.status === 504;

/**
 * A stock write that happens once per intent. `run(variables)` gives the write a fresh key; a tap
 * while one is in flight (a double tap) is dropped rather than queued; a transient failure is
 * retried with the same key (react-query retries with the same variables, key included).
 */
export function useOnceWrite<TVariables, TData>(write: (variables: TVariables, key: string) => Promise<TData>) {
  const queryClient = useQueryClient();
  // A ref, not state: two taps in one frame both see the state of before either was handled.
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ variables, key }: { variables: TVariables; key: string }) => write(variables, key),
    retry: (failures, error) => failures < 2 && isTransient(error),
    retryDelay: (attempt) => 400 * 2 ** attempt,
    onSettled: () => Promise.all(INVENTORY_READERS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  const { mutateAsync } = mutation;

  const run = useCallback(
    async (variables: TVariables): Promise<TData | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      try {
        return await mutateAsync({ variables, key: newIntentKey() });
      } finally {
        setTimeout(() => {
          busy.current = false;
        }, SETTLE_MS);
      }
    },
    [mutateAsync],
  );

  return { run, isPending: mutation.isPending, error: mutation.error, reset: mutation.reset };
}
