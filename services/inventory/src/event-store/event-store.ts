import type { EntityManager } from '@mikro-orm/postgresql';
import { eventSubject, upcastEvent, type ItemEvent } from '@inventory/contracts';
import { isoTimeSql, jsonRows, type SqlStatement } from '@inventory/platform';
import { isDeadlock, isoTime, isUniqueViolation, sqlOf } from '../database/sql.js';

/** Another writer appended to a stream since it was read: the caller re-reads and retries. */
export class VersionConflictError extends Error {
  override readonly name = 'VersionConflictError';
  constructor(readonly streamIds: readonly string[]) {
    super(`${streamIds.join(', ')} appended to concurrently`);
  }
}

export const itemStreamId = (itemId: string) => `item-${itemId}`;

export interface EventRow {
  event_id: string;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
}

/** Events for one stream, numbered expectedVersion+1, +2, … */
export interface StreamAppend {
  streamId: string;
  expectedVersion: number;
  events: readonly ItemEvent[];
}

/**
 * Appends events numbered expectedVersion+1, +2, … in the caller's transaction, together with
 * their outbox rows and `alongside` (e.g. the read-model row) in one statement, one round trip. The
 * unique (stream_id, version) constraint turns a concurrent append into a VersionConflictError
 * instead of a silent overwrite or a gap; so does a deadlock with one (the caller runs it again).
 */
export function appendToStream(
  em: EntityManager,
  streamId: string,
  expectedVersion: number,
  events: readonly ItemEvent[],
  alongside: readonly SqlStatement[] = [],
): Promise<void> {
  return appendToStreams(em, [{ streamId, expectedVersion, events }], alongside);
}

/**
 * appendToStream for several streams in one statement: all of it is written, or none of it (a
 * conflict on any stream fails the lot). Callers list the streams in a fixed order (by id), so two
 * such statements meet on their rows in the same order and cannot deadlock.
 */
export async function appendToStreams(
  em: EntityManager,
  appends: readonly StreamAppend[],
  alongside: readonly SqlStatement[] = [],
): Promise<void> {
  const rows: object[] = [];
  for (const { streamId, expectedVersion, events } of appends) {
    events.forEach((event, i) => {
      if (event.version !== expectedVersion + i + 1)
        throw new Error(`event ${event.id} is numbered ${event.version}, expected ${expectedVersion + i + 1}`);
      if (event.source !== 'inventory') throw new Error(`event ${event.id} comes from ${event.source}, not the inventory`);
      rows.push({
        stream_id: streamId,
        version: event.version,
        event_id: event.id,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        recorded_at: event.occurredAt,
      });
    });
  }
  if (rows.length === 0) return;
  const params: unknown[] = [JSON.stringify(rows)];
  // Data-modifying CTEs: every part runs, in one statement, or none does. The outbox rows are made
  // from the events as stored (the envelope newEvent builds), not sent a second time.
  const parts = [
    `INSERT INTO events (stream_id, version, event_id, type, data, metadata, recorded_at)
     SELECT stream_id, version, event_id, type, data, metadata, recorded_at
       FROM ${jsonRows('stream_id text, version int, event_id uuid, type text, data jsonb, metadata jsonb, recorded_at timestamptz', 'jsonb')}
      ORDER BY ordinality
     RETURNING position, event_id, stream_id, version, type, data, metadata, recorded_at`,
    `INSERT INTO outbox (event_id, subject, payload)
     SELECT event_id, '${eventSubject('inventory', '')}' || type,
            jsonb_build_object('id', event_id, 'type', type, 'source', 'inventory', 'streamId', stream_id, 'version', version,
                               'occurredAt', ${isoTimeSql('recorded_at')}, 'data', data, 'metadata', metadata)
       FROM w0 ORDER BY position`,
  ];
  for (const statement of alongside) {
    parts.push(statement.sql);
    params.push(...statement.params);
  }
  const sql = `WITH ${parts.map((part, i) => `w${i} AS (${part})`).join(', ')} SELECT 1`;
  try {
    await sqlOf(em)(sql, params);
  } catch (error) {
    // A deadlock is a concurrent append too: an unlocked append holds the next version's key and waits
    // for the snapshot that another instance's locked write holds while it appends the same version.
    if (isUniqueViolation(error, 'events_stream_version') || isDeadlock(error)) {
      throw new VersionConflictError(appends.map((append) => append.streamId));
    }
    throw error;
  }
}

/** Item events in (stream, version) order after the given position, for replays of the whole store. */
export async function readEventsAfter(
  em: EntityManager,
  after: { streamId: string; version: number },
  limit: number,
): Promise<ItemEvent[]> {
  const rows = await sqlOf(em)<EventRow>(
    `SELECT event_id, stream_id, version, type, data, metadata, recorded_at FROM events
      WHERE stream_id LIKE 'item-%' AND (stream_id, version) > (?, ?) ORDER BY stream_id, version LIMIT ?`,
    [after.streamId, after.version, limit],
  );
  return rows.map(toEvent);
}

/** Every event of the streams, in (stream, version) order. */
export async function readStreams(em: EntityManager, streamIds: readonly string[]): Promise<ItemEvent[]> {
  const rows = await sqlOf(em)<EventRow>(
    `SELECT event_id, stream_id, version, type, data, metadata, recorded_at FROM events
      WHERE stream_id = ANY(?::text[]) ORDER BY stream_id, version`,
    [streamIds],
  );
  return rows.map(toEvent);
}

/** The events of a stream that recorded a movement or undid it (what an undo needs to know). */
export async function readMovementEvents(em: EntityManager, streamId: string, movementId: string): Promise<ItemEvent[]> {
  const rows = await sqlOf(em)<EventRow>(
    `SELECT event_id, stream_id, version, type, data, metadata, recorded_at FROM events
      WHERE stream_id = ? AND (data->>'movementId' = ? OR data->>'undoneMovementId' = ?) ORDER BY version`,
    [streamId, movementId, movementId],
  );
  return rows.map(toEvent);
}

export function toEvent(row: EventRow): ItemEvent {
  return upcastEvent({
    id: row.event_id,
    type: row.type,
    source: 'inventory',
    streamId: row.stream_id,
    version: row.version,
    occurredAt: isoTime(row.recorded_at),
    data: row.data,
    metadata: row.metadata,
  } as ItemEvent);
}
