import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CategoryEvent, EventEnvelope } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { sqlOf } from '../database/sql.js';
import { detachFromItems } from './detach.js';
import { deleteReplica, upsertReplica } from './replica-rows.js';

/** Category names for the item views, and "uncategorised" for the items of a deleted category. */
@Injectable()
export class CategoryReplica implements EventHandler {
  async handle(envelope: EventEnvelope, em: EntityManager): Promise<void> {
    const event = envelope as CategoryEvent;
    const workspaceId = event.metadata.workspaceId;
    switch (event.type) {
      case 'CategoryCreated':
      case 'CategoryRenamed':
        return upsertReplica(em, 'category_replicas', event.data.categoryId, workspaceId, event.data.name);
      case 'CategoryDeleted': {
        const { categoryId } = event.data;
        await deleteReplica(em, 'category_replicas', categoryId, workspaceId);
        const items = await sqlOf(em)<{ id: string }>('SELECT id FROM item_views WHERE workspace_id = ? AND category_id = ? ORDER BY id', [
          workspaceId,
          categoryId,
        ]);
        return detachFromItems(em, event, items, { type: 'DetachCategory', data: { categoryId } });
      }
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await sqlOf(em)('DELETE FROM category_replicas');
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    await sqlOf(em)('DELETE FROM category_replicas WHERE workspace_id = ?', [workspaceId]);
  }
}
