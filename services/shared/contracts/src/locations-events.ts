import type { EventEnvelope } from './events.js';

interface LocationFields {
  locationId: string;
  name: string;
  type: string;
  parentLocationId: string | null;
}

/** Events of the locations service (stream "location-<id>"), published as events.locations.<type>. */
export type LocationEvent =
  | EventEnvelope<'LocationCreated', LocationFields>
  | EventEnvelope<'LocationUpdated', LocationFields>
  /** Children moved to `parentLocationId`; inventory moves the stock there to unassigned. */
  | EventEnvelope<'LocationDeleted', { locationId: string; parentLocationId: string | null }>;
