import type { EventEnvelope } from './events.js';

/** Published when a user is deleted: every service purges that user's records. */
export type UserEvent = EventEnvelope<'UserDeleted', { userId: string }>;
