import type { Actor, CategoryEvent } from '@inventory/contracts';
import { actorMetadata, newEvent } from '@inventory/platform';
import type { Category } from './category.entity.js';

type Of<T extends CategoryEvent['type']> = Extract<CategoryEvent, { type: T }>;

const categoryEvent = <T extends CategoryEvent['type']>(type: T, category: Category, actor: Actor, data: Of<T>['data']): Of<T> =>
  newEvent({ source: 'catalog', type, streamId: `category-${category.id}`, data, metadata: actorMetadata(actor) }) as Of<T>;

const fields = (category: Category) => ({ categoryId: category.id, name: category.name, description: category.description });

export const categoryCreated = (category: Category, actor: Actor): Of<'CategoryCreated'> =>
  categoryEvent('CategoryCreated', category, actor, fields(category));
/** Any edit of the name or description: consumers replace their copy of both. */
export const categoryRenamed = (category: Category, actor: Actor): Of<'CategoryRenamed'> =>
  categoryEvent('CategoryRenamed', category, actor, fields(category));
export const categoryDeleted = (category: Category, actor: Actor): Of<'CategoryDeleted'> =>
  categoryEvent('CategoryDeleted', category, actor, { categoryId: category.id });
