import type { CategoryEvent } from '@inventory/contracts';
import { newEvent } from '@inventory/platform';
import type { Category } from './category.entity.js';

type Of<T extends CategoryEvent['type']> = Extract<CategoryEvent, { type: T }>;

const categoryEvent = <T extends CategoryEvent['type']>(type: T, category: Category, data: Of<T>['data']): Of<T> =>
  newEvent({ source: 'catalog', type, streamId: `category-${category.id}`, data, metadata: { userId: category.userId } }) as Of<T>;

const fields = (category: Category) => ({ categoryId: category.id, name: category.name, description: category.description });

export const categoryCreated = (category: Category): Of<'CategoryCreated'> => categoryEvent('CategoryCreated', category, fields(category));
/** Any edit of the name or description: consumers replace their copy of both. */
export const categoryRenamed = (category: Category): Of<'CategoryRenamed'> => categoryEvent('CategoryRenamed', category, fields(category));
export const categoryDeleted = (category: Category): Of<'CategoryDeleted'> =>
  categoryEvent('CategoryDeleted', category, { categoryId: category.id });
