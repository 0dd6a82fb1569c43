import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { purgedWorkspaceId, type EventEnvelope, type UserEvent, type WorkspaceEvent } from '@inventory/contracts';
import { inTransaction, type EventHandler } from '@inventory/platform';
import { ITEM_TABLES } from './inventory.projection.js';

const WORKSPACE_TABLES = [...ITEM_TABLES, 'categories'];

/**
 * Removes everything of a deleted workspace (a deleted user's personal workspace included) and
 * remembers the id: the other consumers run independently, so events of that workspace can still
 * arrive (or be replayed) afterwards, and must change nothing.
 */
@Injectable()
export class WorkspacePurgeProjection implements EventHandler {
  readonly eventTypes = ['UserDeleted', 'WorkspaceDeleted'] satisfies (UserEvent | WorkspaceEvent)['type'][];

  async handle(envelope: EventEnvelope, em: EntityManager): Promise<void> {
    const event = envelope as UserEvent | WorkspaceEvent;
    const { run } = inTransaction(em);
    const workspaceId = purgedWorkspaceId(event);
    await run('INSERT INTO purged_workspaces (workspace_id, purged_at) VALUES (?, ?) ON CONFLICT DO NOTHING', [
      workspaceId,
      event.occurredAt,
    ]);
    for (const table of WORKSPACE_TABLES) await run(`DELETE FROM ${table} WHERE workspace_id = ?`, [workspaceId]);
  }

  async reset(em: EntityManager): Promise<void> {
    await inTransaction(em).run('DELETE FROM purged_workspaces');
  }
}
