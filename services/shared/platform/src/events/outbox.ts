import type { EntityManager } from '@mikro-orm/postgresql';
import {
  WORKSPACE_CLEARED,
  type Actor,
  type EventEnvelope,
  type EventMetadata,
  type ServiceName,
  type WorkspaceClearedEvent,
} from '@inventory/contracts';
import { v7 as timeOrderedUuid } from 'uuid';
import { runSql } from '../database/sql.js';
import { outboxInsert } from './outbox-statement.js';

/**
 * Builds an event envelope; the time comes in from the caller so deciders stay pure. Event ids are
 * time-ordered (UUIDv7): every index keyed by them (the event store's, the outboxes', each consumer's
 * processed_events) then grows at its right edge instead of at random pages, a third of the cost
 * (400,000 keys: 0.68 s against 2.0 s, this machine).
 */
export function newEvent<TType extends string, TData>(input: {
  source: ServiceName;
  type: TType;
  streamId: string;
  version?: number;
  data: TData;
  metadata: EventMetadata;
  occurredAt?: string;
  id?: string;
}): EventEnvelope<TType, TData> {
  return {
    id: input.id ?? timeOrderedUuid(),
    type: input.type,
    source: input.source,
    streamId: input.streamId,
    version: input.version ?? 0,
    occurredAt: input.occurredAt ?? new Date().toISOString(),
    data: input.data,
    metadata: input.metadata,
  };
}

/** Metadata of an event a person caused: the workspace it belongs to and who did it, by name. */
export const actorMetadata = (actor: Actor): EventMetadata => ({
  workspaceId: actor.workspaceId,
  userId: actor.userId,
  userName: actor.userName,
});

/** The fact that `source` removed all of a workspace's data (see WORKSPACE_CLEARED). */
export const workspaceClearedEvent = (source: ServiceName, actor: Actor): WorkspaceClearedEvent =>
  newEvent({
    source,
    type: WORKSPACE_CLEARED,
    streamId: `workspace-${actor.workspaceId}`,
    data: { workspaceId: actor.workspaceId },
    metadata: actorMetadata(actor),
  });

/**
 * Queues events for publishing in the caller's transaction (`em` must be inside
 * em.transactional): they are published if and only if the change commits.
 */
export async function writeOutbox(em: EntityManager, events: readonly EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  const { sql, params } = outboxInsert(events);
  await runSql(em, sql, params);
}
