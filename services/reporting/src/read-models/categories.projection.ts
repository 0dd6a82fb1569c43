import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CategoryEvent, EventEnvelope } from '@inventory/contracts';
import { inTransaction, type ApplyContext, type EventHandler, type TransactionSql } from '@inventory/platform';
import { IS_PURGED, lockCategories } from './sql.js';

type Db = TransactionSql;

/**
 * The workspace's categories: names for report rows, the count for the dashboard. Also the name
 * each item's row carries (items.category_name, Reporting0006: the report's orders by category),
 * archived items included. Live, each event names its category's items; a rebuild's replay names
 * every item once at the end (replayed), taking no per-category lock that a live batch could hold.
 */
@Injectable()
export class CategoriesProjection implements EventHandler {
  handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    return this.handleBatch([event], em);
  }

  async handleBatch(events: EventEnvelope[], em: EntityManager, apply: ApplyContext = { replaying: false }): Promise<void> {
    const db = inTransaction(em);
    for (const event of events as CategoryEvent[]) {
      const { categoryId } = event.data;
      const owner = event.metadata.workspaceId;
      switch (event.type) {
        case 'CategoryCreated':
          await db.run(
            `INSERT INTO categories (category_id, workspace_id, name, created_at) SELECT ?, ?, ?, ?::timestamptz WHERE NOT ${IS_PURGED}`,
            [categoryId, owner, event.data.name, event.occurredAt, owner],
          );
          // Its items may have been folded before it (the events of two services).
          if (!apply.replaying) await nameItems(db, owner, categoryId, event.data.name);
          break;
        case 'CategoryRenamed':
          await db.run('UPDATE categories SET name = ? WHERE category_id = ?', [event.data.name, categoryId]);
          if (!apply.replaying) await nameItems(db, owner, categoryId, event.data.name);
          break;
        case 'CategoryDeleted':
          // Kept with its deletion time: a report of an earlier instant still names it.
          await db.run('UPDATE categories SET deleted_at = ? WHERE category_id = ?', [event.occurredAt, categoryId]);
          if (!apply.replaying) await nameItems(db, owner, categoryId, null);
          break;
      }
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await inTransaction(em).run('DELETE FROM categories');
  }

  async replayed(em: EntityManager): Promise<void> {
    await inTransaction(em).run(`
      UPDATE items i SET category_name = c.name
        FROM items a LEFT JOIN categories c ON c.category_id = a.category_id AND c.deleted_at IS NULL
       WHERE a.item_id = i.item_id AND i.category_name IS DISTINCT FROM c.name`);
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    await inTransaction(em).run('DELETE FROM categories WHERE workspace_id = ?', [workspaceId]);
  }
}

/** The category's items carry its name while it exists (see CategoriesProjection). */
async function nameItems(db: Db, workspaceId: string, categoryId: string, name: string | null): Promise<void> {
  await lockCategories(db, [categoryId]);
  await db.run('UPDATE items SET category_name = ? WHERE workspace_id = ? AND category_id = ?', [name, workspaceId, categoryId]);
}
