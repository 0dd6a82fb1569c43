import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, UserEvent } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';

/**
 * Removes a deleted user's locations and item counts. No location events follow: every service
 * purges on the same UserDeleted fact. Replaying it on a rebuild deletes nothing more.
 */
@Injectable()
export class LocationsUserPurge implements EventHandler {
  readonly eventTypes = ['UserDeleted'] satisfies UserEvent['type'][];

  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    if ((event as UserEvent).type !== 'UserDeleted') return;
    const { userId } = (event as UserEvent).data;
    const run = (sql: string) => em.getConnection().execute(sql, [userId], 'run', em.getTransactionContext());
    await run('DELETE FROM locations WHERE user_id = ?');
    await run('DELETE FROM location_item_stock WHERE item_id IN (SELECT item_id FROM location_items WHERE user_id = ?)');
    await run('DELETE FROM location_items WHERE user_id = ?');
  }
}
