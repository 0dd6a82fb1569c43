import { answer, api, type Schemas } from './client';

export type Category = Schemas['CategoryDto'];
export type CategoryInput = Schemas['CreateCategoryBody'];

export function listCategories(search?: string, limit?: number): Promise<Category[]> {
  return answer(api.GET('/api/categories', { params: { query: { search: search?.trim() || undefined, limit } } }));
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
