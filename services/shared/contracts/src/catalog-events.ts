import type { EventEnvelope } from './events.js';

/** Events of the catalog service (stream "category-<id>"), published as events.catalog.<type>. */
export type CategoryEvent =
  | EventEnvelope<'CategoryCreated', { categoryId: string; name: string; description: string | null }>
  | EventEnvelope<'CategoryRenamed', { categoryId: string; name: string; description: string | null }>
  | EventEnvelope<'CategoryDeleted', { categoryId: string }>;
