import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, UserEvent } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';

/**
 * Removes a deleted user's categories and item counts. No category events follow: every service
 * purges on the same UserDeleted fact. Replaying it on a rebuild deletes nothing more.
 */
@Injectable()
export class CatalogUserPurge implements EventHandler {
  readonly eventTypes = ['UserDeleted'] satisfies UserEvent['type'][];

  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    if ((event as UserEvent).type !== 'UserDeleted') return;
    const { userId } = (event as UserEvent).data;
    const ctx = em.getTransactionContext();
    await em.getConnection().execute('DELETE FROM categories WHERE user_id = ?', [userId], 'run', ctx);
    await em.getConnection().execute('DELETE FROM category_items WHERE user_id = ?', [userId], 'run', ctx);
  }
}
