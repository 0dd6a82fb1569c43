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
  /**
   * The workspace that owns the data the event is about. Events recorded before workspaces lack it:
   * upcastEvent() fills it from userId (a user's personal workspace has the user's id).
   */
  workspaceId: string;
  /** Who did it (the acting user); for events from before workspaces, also the owner. */
  userId: string;
  /** The actor's display name at the time, when a person did it. */
  userName?: string;
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

/**
 * The one upcaster: an event as read from the stream or the store, in today's shape. Before
 * workspaces, metadata.userId was the owner and every user owned exactly their personal workspace,
 * whose id is the user's id (docs/workspaces.md), so the owner's workspace is that id.
 */
export function upcastEvent<E extends EventEnvelope>(event: E): E {
  const metadata = event.metadata as (Partial<EventMetadata> & { userId: string }) | undefined;
  if (!metadata || typeof metadata.workspaceId === 'string') return event;
  return { ...event, metadata: { ...metadata, workspaceId: metadata.userId } };
}

/**
 * Published by a service that owns a workspace's data (inventory, catalog, locations) when it has
 * removed all of it, on its own subject and so in order with its other events: every read model of
 * that source drops the workspace's rows at that point of the stream (a live consumer and a rebuild
 * alike), and keeps what follows. Only the demo reset clears a workspace (docs/demo.md).
 */
export const WORKSPACE_CLEARED = 'WorkspaceCleared';
export type WorkspaceClearedEvent = EventEnvelope<typeof WORKSPACE_CLEARED, { workspaceId: string }>;
