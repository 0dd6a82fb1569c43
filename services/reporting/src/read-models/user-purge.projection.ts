import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, UserEvent } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { inTransaction } from './sql.js';

const USER_TABLES = ['items', 'item_history', 'movements', 'item_totals', 'categories'];

/**
 * Removes everything of a deleted user and remembers the id: the other consumers run independently,
 * so events of that user can still arrive (or be replayed) afterwards, and must change nothing.
 */
@Injectable()
export class UserPurgeProjection implements EventHandler {
  readonly eventTypes = ['UserDeleted'] satisfies UserEvent['type'][];

  async handle(envelope: EventEnvelope, em: EntityManager): Promise<void> {
    const event = envelope as UserEvent;
    if (event.type !== 'UserDeleted') return;
    const { run } = inTransaction(em);
    const { userId } = event.data;
    await run('INSERT INTO purged_users (user_id, purged_at) VALUES (?, ?) ON CONFLICT DO NOTHING', [userId, event.occurredAt]);
    for (const table of USER_TABLES) await run(`DELETE FROM ${table} WHERE user_id = ?`, [userId]);
  }

  async reset(em: EntityManager): Promise<void> {
    await inTransaction(em).run('DELETE FROM purged_users');
  }
}
