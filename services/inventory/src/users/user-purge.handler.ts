import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, UserEvent } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { sqlOf } from '../database/sql.js';

/**
 * Removes every record of a deleted user: item histories, read models, alerts, idempotency answers,
 * replicas and the user's outbox rows (so no old event of theirs is published after the purge).
 * Replaying it on a rebuild deletes nothing more.
 */
@Injectable()
export class InventoryUserPurge implements EventHandler {
  readonly eventTypes = ['UserDeleted'] satisfies UserEvent['type'][];

  async handle(envelope: EventEnvelope, em: EntityManager): Promise<void> {
    const event = envelope as UserEvent;
    if (event.type !== 'UserDeleted') return;
    const { userId } = event.data;
    const sql = sqlOf(em);
    await sql(`DELETE FROM events WHERE stream_id IN (SELECT 'item-' || id FROM item_views WHERE user_id = ?)`, [userId]);
    await sql(`DELETE FROM outbox WHERE payload->'metadata'->>'userId' = ?`, [userId]);
    for (const table of [
      'item_views',
      'item_counts',
      'alerts',
      'low_stock_watch',
      'idempotency_keys',
      'category_replicas',
      'location_replicas',
    ]) {
      await sql(`DELETE FROM ${table} WHERE user_id = ?`, [userId]);
    }
  }
}
