import type { NamedListPage } from './services.js';

/**
 * The catalog service: a user's categories. Subjects, request/response types and the texts and limits
 * both the gateway and the service validate with (spec §3, §5 and §8).
 */
export const CatalogSubjects = {
  listCategories: 'catalog.categories.list',
  getCategory: 'catalog.categories.get',
  createCategory: 'catalog.categories.create',
  updateCategory: 'catalog.categories.update',
  deleteCategory: 'catalog.categories.delete',
} as const;

export const CATEGORY_NAME_MAX_LENGTH = 100;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 1000;

export const CategoryMessages = {
  nameRequired: 'Category name is required',
  nameTooLong: `Category name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters`,
  descriptionInvalid: `Category description must be text of at most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters`,
  duplicateName: 'A category with this name already exists',
  notFound: 'Category not found',
} as const;

/** A category as the API shows it. */
export interface CategoryView {
  id: string;
  name: string;
  description: string | null;
  userId: string;
  createdAt: string;
  /** Active items in the category (read model fed by inventory events). */
  itemCount: number;
}

export interface ListCategoriesRequest {
  /** Case-insensitive substring of the name. */
  search?: string;
  /** At most this many, by name (1 to MAX_NAMED_LIST; the pickers ask for a few). Left out: all. */
  limit?: number;
  /** How many of the matches, by name, the page skips (the Categories screen pages). */
  offset?: number;
}

export interface CategoryIdRequest {
  id: string;
}

export interface CreateCategoryRequest {
  name: string;
  description?: string | null;
}

/** Fields left out keep their value. */
export interface UpdateCategoryRequest {
  id: string;
  name?: string;
  description?: string | null;
}

export interface CatalogRpc {
  [CatalogSubjects.listCategories]: { request: ListCategoriesRequest; response: NamedListPage<CategoryView> };
  [CatalogSubjects.getCategory]: { request: CategoryIdRequest; response: CategoryView };
  [CatalogSubjects.createCategory]: { request: CreateCategoryRequest; response: CategoryView };
  [CatalogSubjects.updateCategory]: { request: UpdateCategoryRequest; response: CategoryView };
  /** Answers null: Nest sends no reply for undefined, which callers would take for "no responders". */
  [CatalogSubjects.deleteCategory]: { request: CategoryIdRequest; response: null };
}
