import { eventSubject, type EventEnvelope } from '@inventory/contracts';

/** SQL with "?" placeholders and its parameters. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/**
 * The outbox insert for `events`, as a statement the caller may send on its own (writeOutbox) or
 * as part of a larger one, e.g. a data-modifying CTE that also appends and projects in one round
 * trip. Either way it must run in the transaction of the change the events announce.
 */
export function outboxInsert(events: readonly EventEnvelope[]): SqlStatement {
  const params: unknown[] = [];
  const rows = events.map((event) => {
    params.push(event.id, eventSubject(event.source, event.type), JSON.stringify(event));
    return '(?, ?, ?::jsonb)';
  });
  return { sql: `INSERT INTO outbox (event_id, subject, payload) VALUES ${rows.join(', ')}`, params };
}
