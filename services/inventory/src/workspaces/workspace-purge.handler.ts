import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { purgedWorkspaceId, type EventEnvelope, type UserEvent, type WorkspaceEvent } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { sqlOf } from '../database/sql.js';

const WORKSPACE_TABLES = [
  'item_views',
  'item_counts',
  'alerts',
  'low_stock_watch',
  'category_replicas',
  'location_replicas',
  'imports',
  'count_sessions',
  'inventory_settings',
];

/**
 * Removes every record of a deleted workspace (a deleted user's personal workspace included): item
 * histories, read models, alerts, replicas and the workspace's outbox rows (so no old event of it is
 * published after the purge); for a deleted user also their idempotency answers. Replaying it on a
 * rebuild deletes nothing more.
 */
@Injectable()
export class InventoryWorkspacePurge implements EventHandler {
  readonly eventTypes = ['UserDeleted', 'WorkspaceDeleted'] satisfies (UserEvent | WorkspaceEvent)['type'][];

  async handle(envelope: EventEnvelope, em: EntityManager): Promise<void> {
    const event = envelope as UserEvent | WorkspaceEvent;
    const workspaceId = purgedWorkspaceId(event);
    const sql = sqlOf(em);
    await sql(`DELETE FROM events WHERE stream_id IN (SELECT 'item-' || id FROM item_views WHERE workspace_id = ?)`, [workspaceId]);
    // Rows from before workspaces name only the owner's user id, which is their workspace's id.
    await sql(`DELETE FROM outbox WHERE coalesce(payload->'metadata'->>'workspaceId', payload->'metadata'->>'userId') = ?`, [workspaceId]);
    for (const table of WORKSPACE_TABLES) await sql(`DELETE FROM ${table} WHERE workspace_id = ?`, [workspaceId]);
    if (event.type === 'UserDeleted') await sql('DELETE FROM idempotency_keys WHERE user_id = ?', [event.data.userId]);
  }
}
