import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { purgedWorkspaceId, type EventEnvelope, type UserEvent, type WorkspaceEvent } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { sqlOf } from '../database/sql.js';

/** What the inventory itself owns of a workspace besides its items (rows of other tables go with them by foreign key). */
const OWNED_TABLES = ['item_snapshots', 'item_counts', 'alerts', 'imports', 'count_sessions', 'inventory_settings'];
/** What it keeps of other services' and its own events (cleared on their WorkspaceCleared instead). */
const DERIVED_TABLES = ['low_stock_watch', 'category_replicas', 'location_replicas'];

/**
 * Deletes what the inventory owns of a workspace: its item histories, records and the outbox rows
 * not published yet (so no old event of it is published afterwards).
 */
export async function deleteOwnedRecords(em: EntityManager, workspaceId: string): Promise<void> {
  const sql = sqlOf(em);
  // The items' snapshots first, in the order a writer locks them (loadItemStates): a writer of one
  // of them finishes before, and the events deleted next include its own. Taking the item rows
  // first deadlocked with such a writer (it holds the snapshot, then writes the item row).
  // Counted in the database: a large workspace's rows are not sent to the service only to be dropped.
  await sql('SELECT count(*) FROM (SELECT FROM item_snapshots WHERE workspace_id = ? ORDER BY item_id FOR UPDATE) locked', [workspaceId]);
  // Then the item rows: an append to an item written before snapshots existed writes its row in
  // the same statement (append.ts), so this waits for it. Deleting the events first left such an
  // append's event behind, a stream without its start that a rebuild cannot fold.
  const items = await sql<{ id: string }>('DELETE FROM item_views WHERE workspace_id = ? RETURNING id', [workspaceId]);
  await sql(`DELETE FROM events WHERE stream_id = ANY(?::text[])`, [items.map(({ id }) => `item-${id}`)]);
  // Rows from before workspaces name only the owner's user id, which is their workspace's id.
  await sql(`DELETE FROM outbox WHERE coalesce(payload->'metadata'->>'workspaceId', payload->'metadata'->>'userId') = ?`, [workspaceId]);
  for (const table of OWNED_TABLES) await sql(`DELETE FROM ${table} WHERE workspace_id = ?`, [workspaceId]);
}

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
    await deleteOwnedRecords(em, workspaceId);
    const sql = sqlOf(em);
    for (const table of DERIVED_TABLES) await sql(`DELETE FROM ${table} WHERE workspace_id = ?`, [workspaceId]);
    if (event.type === 'UserDeleted') await sql('DELETE FROM idempotency_keys WHERE user_id = ?', [event.data.userId]);
  }
}
