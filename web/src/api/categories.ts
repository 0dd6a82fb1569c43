import { answer, answerWithTotal, api, type ListPage, type QueryOf, type Schemas } from './client';

export type Category = Schemas['CategoryDto'];
export type CategoryInput = Schemas['CreateCategoryBody'];
export type CategoryFilters = Pick<QueryOf<'listCategories'>, 'search' | 'limit' | 'offset'>;

/** One page of categories by name (every match without a limit), with how many match over every page. */
export function listCategories({ search, limit, offset }: CategoryFilters = {}): Promise<ListPage<Category>> {
  const query = { search: search?.trim() || undefined, limit, offset: offset || undefined };
  return answerWithTotal(api.GET('/api/categories', { params: { query } }));
}

export function getCategory(id: string): Promise<Category> {
  return answer(api.GET('/api/categories/{id}', { params: { path: { id } } }));
}

export function createCategory(body: CategoryInput): Promise<Category> {
  return answer(api.POST('/api/categories', { body }));
}

export function updateCategory({ id, ...body }: Schemas['UpdateCategoryBody'] & { id: string }): Promise<Category> {
  return answer(api.PUT('/api/categories/{id}', { params: { path: { id } }, body }));
}

export async function deleteCategory(id: string): Promise<void> {
  await answer(api.DELETE('/api/categories/{id}', { params: { path: { id } } }));
}
export type CategoryChanges = Schemas['UpdateCategoryBody'] & { id: string };
