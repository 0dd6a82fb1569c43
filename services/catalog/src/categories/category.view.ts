import type { CategoryView } from '@inventory/contracts';
import type { Category } from './category.entity.js';

export const toCategoryView = (category: Category, itemCount: number): CategoryView => ({
  id: category.id,
  name: category.name,
  description: category.description,
  userId: category.userId,
  createdAt: category.createdAt.toISOString(),
  itemCount,
});
