import type { ServiceName } from './services.js';

/**
 * An integration event as it travels on JetStream: a fact in the past tense. `id` is the
 * Nats-Msg-Id (publish dedup) and the key consumers record to apply an event once.
 */
export interface EventEnvelope<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  source: ServiceName;
  /** The aggregate stream the event belongs to, e.g. "item-<uuid>". */
  streamId: string;
  /** Position in that stream (1-based); 0 when the source keeps state, not streams. */
  version: number;
  occurredAt: string;
  data: TData;
  metadata: EventMetadata;
}

export interface EventMetadata {
  /** Owner of the data the event is about (the actor's user id for user-owned records). */
  userId: string;
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
}

/** The JetStream stream holding every integration event. */
export const EVENTS_STREAM = 'EVENTS';

export const eventSubject = (source: ServiceName, type: string) => `events.${source}.${type}` as const;
/** The event type a subject carries: the inverse of eventSubject. */
export const typeOfEventSubject = (subject: string) => subject.split('.').slice(2).join('.');
export const sourceSubjects = (source: ServiceName) => `events.${source}.>` as const;
