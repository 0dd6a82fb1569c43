import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, ItemEvent } from '@inventory/contracts';
import { runSql, type EventHandler } from '@inventory/platform';
import { categoryItemChange } from './category-item-change.js';

/** Keeps category_items (item → workspace, category, active) in step with the inventory events. */
@Injectable()
export class CategoryItemCountsProjection implements EventHandler {
  /** Membership changes only: stock movements, the bulk of the stream, never touch it. */
  readonly eventTypes = ['ItemRegistered', 'ItemDetailsChanged', 'ItemArchived'] satisfies ItemEvent['type'][];

  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    const change = categoryItemChange(event);
    if (!change) return;
    const run = (sql: string, params: unknown[]) => runSql(em, sql, params);
    switch (change.kind) {
      case 'registered':
        await run(
          `INSERT INTO category_items (item_id, workspace_id, category_id, active) VALUES (?, ?, ?, true)
           ON CONFLICT (item_id) DO UPDATE SET category_id = excluded.category_id`,
          [change.itemId, change.workspaceId, change.categoryId],
        );
        return;
      case 'recategorised':
        await run('UPDATE category_items SET category_id = ? WHERE item_id = ?', [change.categoryId, change.itemId]);
        return;
      case 'archived':
        await run('UPDATE category_items SET active = false WHERE item_id = ?', [change.itemId]);
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await runSql(em, 'DELETE FROM category_items');
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    await runSql(em, 'DELETE FROM category_items WHERE workspace_id = ?', [workspaceId]);
  }
}
