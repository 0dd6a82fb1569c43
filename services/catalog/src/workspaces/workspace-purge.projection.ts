import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { purgedWorkspaceId, type EventEnvelope, type UserEvent, type WorkspaceEvent } from '@inventory/contracts';
import { runSql, type EventHandler } from '@inventory/platform';

/**
 * Removes a deleted workspace's categories and item counts (a deleted user's personal workspace
 * included). No category events follow: every service purges on the same fact. Replaying it on a
 * rebuild deletes nothing more.
 */
@Injectable()
export class CatalogWorkspacePurge implements EventHandler {
  readonly eventTypes = ['UserDeleted', 'WorkspaceDeleted'] satisfies (UserEvent | WorkspaceEvent)['type'][];

  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    const workspaceId = purgedWorkspaceId(event as UserEvent | WorkspaceEvent);
    await runSql(em, 'DELETE FROM categories WHERE workspace_id = ?', [workspaceId]);
    await runSql(em, 'DELETE FROM category_items WHERE workspace_id = ?', [workspaceId]);
  }
}
