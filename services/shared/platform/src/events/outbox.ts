import type { EntityManager } from '@mikro-orm/postgresql';
import { eventSubject, type EventEnvelope, type EventMetadata, type ServiceName } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';

/** Builds an event envelope; the time comes in from the caller so deciders stay pure. */
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
    id: input.id ?? randomUUID(),
    type: input.type,
    source: input.source,
    streamId: input.streamId,
    version: input.version ?? 0,
    occurredAt: input.occurredAt ?? new Date().toISOString(),
    data: input.data,
    metadata: input.metadata,
  };
}

/**
 * Queues events for publishing in the caller's transaction (`em` must be inside
 * em.transactional): they are published if and only if the change commits.
 */
export async function writeOutbox(em: EntityManager, events: readonly EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  const params: unknown[] = [];
  const rows = events.map((event) => {
    params.push(event.id, eventSubject(event.source, event.type), JSON.stringify(event));
    return '(?, ?, ?::jsonb)';
  });
  await em
    .getConnection()
    .execute(`INSERT INTO outbox (event_id, subject, payload) VALUES ${rows.join(', ')}`, params, 'run', em.getTransactionContext());
}
