import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { purgedWorkspaceId, type EventEnvelope, type UserEvent, type WorkspaceEvent } from '@inventory/contracts';
import { runSql, type EventHandler } from '@inventory/platform';

/**
 * Removes a deleted workspace's locations and item counts (a deleted user's personal workspace
 * included). No location events follow: every service purges on the same fact. Replaying it on a
 * rebuild deletes nothing more.
 */
@Injectable()
export class LocationsWorkspacePurge implements EventHandler {
  readonly eventTypes = ['UserDeleted', 'WorkspaceDeleted'] satisfies (UserEvent | WorkspaceEvent)['type'][];

  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    const workspaceId = purgedWorkspaceId(event as UserEvent | WorkspaceEvent);
    const run = (sql: string) => runSql(em, sql, [workspaceId]);
    await run('DELETE FROM locations WHERE workspace_id = ?');
    await run('DELETE FROM location_item_stock WHERE item_id IN (SELECT item_id FROM location_items WHERE workspace_id = ?)');
    await run('DELETE FROM location_items WHERE workspace_id = ?');
  }
}
