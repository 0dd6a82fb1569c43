import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CategoryEvent, EventEnvelope } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { inTransaction, IS_PURGED } from './sql.js';

/** The user's categories: names for report rows, the count for the dashboard. */
@Injectable()
export class CategoriesProjection implements EventHandler {
  async handle(envelope: EventEnvelope, em: EntityManager): Promise<void> {
    const event = envelope as CategoryEvent;
    const { run } = inTransaction(em);
    const owner = event.metadata.workspaceId;
    switch (event.type) {
      case 'CategoryCreated':
        await run(
          `INSERT INTO categories (category_id, workspace_id, name, created_at) SELECT ?, ?, ?, ?::timestamptz WHERE NOT ${IS_PURGED}`,
          [event.data.categoryId, owner, event.data.name, event.occurredAt, owner],
        );
        return;
      case 'CategoryRenamed':
        await run('UPDATE categories SET name = ? WHERE category_id = ?', [event.data.name, event.data.categoryId]);
        return;
      case 'CategoryDeleted':
        // Kept with its deletion time: a report of an earlier instant still names it.
        await run('UPDATE categories SET deleted_at = ? WHERE category_id = ?', [event.occurredAt, event.data.categoryId]);
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await inTransaction(em).run('DELETE FROM categories');
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    await inTransaction(em).run('DELETE FROM categories WHERE workspace_id = ?', [workspaceId]);
  }
}
