import { eventSubject, type EventEnvelope } from '@inventory/contracts';
import { jsonRows } from '../database/sql.js';

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
  const rows = events.map((event) => ({ event_id: event.id, subject: eventSubject(event.source, event.type), payload: event }));
  return {
    sql: `INSERT INTO outbox (event_id, subject, payload)
          SELECT event_id, subject, payload FROM ${jsonRows('event_id uuid, subject text, payload jsonb', 'jsonb')} ORDER BY ordinality`,
    params: [JSON.stringify(rows)],
  };
}
