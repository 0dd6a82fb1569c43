import type { LocationView } from '@inventory/contracts';
import type { Location } from './location.entity.js';

export const toLocationView = (location: Location, itemCount: number): LocationView => ({
  id: location.id,
  name: location.name,
  type: location.type,
  description: location.description,
  parentLocationId: location.parentLocationId,
  code: location.code,
  userId: location.userId,
  createdAt: location.createdAt.toISOString(),
  itemCount,
});
