import type { Actor, LocationEvent } from '@inventory/contracts';
import { actorMetadata, newEvent } from '@inventory/platform';
import type { Location } from './location.entity.js';

type Of<T extends LocationEvent['type']> = Extract<LocationEvent, { type: T }>;

const locationEvent = <T extends LocationEvent['type']>(type: T, location: Location, actor: Actor, data: Of<T>['data']): Of<T> =>
  newEvent({ source: 'locations', type, streamId: `location-${location.id}`, data, metadata: actorMetadata(actor) }) as Of<T>;

/** What location events tell other services; a change to anything else publishes nothing. */
export const publishedFields = (location: Location) => ({
  locationId: location.id,
  name: location.name,
  type: location.type,
  parentLocationId: location.parentLocationId,
});

export const locationCreated = (location: Location, actor: Actor): Of<'LocationCreated'> =>
  locationEvent('LocationCreated', location, actor, publishedFields(location));
/** A change of name, type or parent (the fields the event carries). */
export const locationUpdated = (location: Location, actor: Actor): Of<'LocationUpdated'> =>
  locationEvent('LocationUpdated', location, actor, publishedFields(location));
/** Its children have moved to its parent by then; inventory moves its stock to the unassigned bucket. */
export const locationDeleted = (location: Location, actor: Actor): Of<'LocationDeleted'> =>
  locationEvent('LocationDeleted', location, actor, { locationId: location.id, parentLocationId: location.parentLocationId });
