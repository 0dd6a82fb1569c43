import type { LocationEvent } from '@inventory/contracts';
import { newEvent } from '@inventory/platform';
import type { Location } from './location.entity.js';

type Of<T extends LocationEvent['type']> = Extract<LocationEvent, { type: T }>;

const locationEvent = <T extends LocationEvent['type']>(type: T, location: Location, data: Of<T>['data']): Of<T> =>
  newEvent({ source: 'locations', type, streamId: `location-${location.id}`, data, metadata: { userId: location.userId } }) as Of<T>;

/** What location events tell other services; a change to anything else publishes nothing. */
export const publishedFields = (location: Location) => ({
  locationId: location.id,
  name: location.name,
  type: location.type,
  parentLocationId: location.parentLocationId,
});

export const locationCreated = (location: Location): Of<'LocationCreated'> =>
  locationEvent('LocationCreated', location, publishedFields(location));
/** A change of name, type or parent (the fields the event carries). */
export const locationUpdated = (location: Location): Of<'LocationUpdated'> =>
  locationEvent('LocationUpdated', location, publishedFields(location));
/** Its children have moved to its parent by then; inventory moves its stock to the unassigned bucket. */
export const locationDeleted = (location: Location): Of<'LocationDeleted'> =>
  locationEvent('LocationDeleted', location, { locationId: location.id, parentLocationId: location.parentLocationId });
