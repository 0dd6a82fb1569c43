import type { CategoryView, CreateCategoryRequest, UpdateCategoryRequest } from '@inventory/contracts';
import { http } from './http';

export type Category = CategoryView;
export type CategoryInput = CreateCategoryRequest;

export function listCategories(search?: string): Promise<Category[]> {
  const query = search?.trim() ? `?search=${encodeURIComponent(search.trim())}` : '';
  return http.get<Category[]>(`/api/categories${query}`);
}

export function createCategory(body: CategoryInput): Promise<Category> {
  return http.post<Category>('/api/categories', body);
}

export function updateCategory({ id, ...body }: UpdateCategoryRequest): Promise<Category> {
  return http.put<Category>(`/api/categories/${encodeURIComponent(id)}`, body);
}

export function deleteCategory(id: string): Promise<void> {
  return http.delete<void>(`/api/categories/${encodeURIComponent(id)}`);
}
