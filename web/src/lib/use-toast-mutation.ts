import { useMutation, useQueryClient, type MutationKey, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../api/http';
import { useToast, type ToastOptions } from './toast';

interface ToastMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  mutationKey?: MutationKey;
  /**
   * The toast on success (spec §8 wording), or built from the answer (e.g. a name it returns); none
   * when the screen itself shows the outcome (a wizard moving to its next step).
   */
  success?: ToastOptions | ((data: TData, variables: TVariables) => ToastOptions);
  /**
   * The toast on failure: a fallback text shows as 'Error' with the server's message (else the
   * fallback); a function builds the toast from the error; none leaves the failure to the caller.
   */
  failure?: string | ((error: Error) => ToastOptions);
  /** Every query that reads what the mutation changed; refetched after a success. */
  invalidates: QueryKey[];
  /** More to do after a success, before the readers are refetched (e.g. update a cached answer). */
  onSuccess?: (data: TData, variables: TVariables) => void | Promise<void>;
}

/**
 * A write with the house's feedback: a toast on success and on failure, then the readers of what
 * changed refetched. Every feature's mutation hooks are built on it.
 */
export function useToastMutation<TVariables = void, TData = unknown>({
  mutationFn,
  mutationKey,
  success,
  failure,
  invalidates,
  onSuccess,
}: ToastMutationOptions<TVariables, TData>) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: async (data, variables) => {
      if (success) toast(typeof success === 'function' ? success(data, variables) : success);
      await onSuccess?.(data, variables);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (failure === undefined) return;
      toast(
        typeof failure === 'string'
          ? { title: 'Error', description: errorMessage(error, failure), variant: 'destructive' }
          : failure(error),
      );
    },
  });
}
