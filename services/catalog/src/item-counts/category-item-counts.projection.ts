import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, ItemEvent } from '@inventory/contracts';
import { jsonRows, runSql, type EventHandler } from '@inventory/platform';
import { categoryItemChange } from './category-item-change.js';

interface Membership {
  workspace_id: string;
  category_id: string | null;
  active: boolean;
}

/**
 * Keeps category_items (item → workspace, category, active) in step with the inventory events. A
 * batch costs at most three statements whatever its size: each item's changes are folded first, so
 * a bulk import's registrations are one insert.
 */
@Injectable()
export class CategoryItemCountsProjection implements EventHandler {
  /** Membership changes only: stock movements, the bulk of the stream, never touch it. */
  readonly eventTypes = ['ItemRegistered', 'ItemDetailsChanged', 'ItemArchived'] satisfies ItemEvent['type'][];

  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    await this.handleBatch([event], em);
  }

  async handleBatch(events: EventEnvelope[], em: EntityManager): Promise<void> {
    // Items registered in this batch get their row as it ends; the others, their changes.
    const registered = new Map<string, Membership>();
    const recategorised = new Map<string, string | null>();
    const archived = new Set<string>();
    for (const change of events.map(categoryItemChange)) {
      if (!change) continue;
      const row = registered.get(change.itemId);
      if (change.kind === 'registered')
        registered.set(change.itemId, { workspace_id: change.workspaceId, category_id: change.categoryId, active: true });
      else if (change.kind === 'recategorised') {
        if (row) row.category_id = change.categoryId;
        else recategorised.set(change.itemId, change.categoryId);
      } else if (row) row.active = false;
      else archived.add(change.itemId);
    }
    if (registered.size > 0)
      await runSql(
        em,
        `INSERT INTO category_items (item_id, workspace_id, category_id, active)
         SELECT item_id, workspace_id, category_id, active FROM ${jsonRows('item_id text, workspace_id text, category_id text, active boolean')}
         ON CONFLICT (item_id) DO UPDATE SET category_id = excluded.category_id`,
        [JSON.stringify([...registered].map(([item_id, row]) => ({ item_id, ...row })))],
      );
    if (recategorised.size > 0)
      await runSql(
        em,
        `UPDATE category_items c SET category_id = r.category_id FROM ${jsonRows('item_id text, category_id text')} WHERE c.item_id = r.item_id`,
        [JSON.stringify([...recategorised].map(([item_id, category_id]) => ({ item_id, category_id })))],
      );
    if (archived.size > 0) await runSql(em, 'UPDATE category_items SET active = false WHERE item_id = ANY(?::text[])', [[...archived]]);
  }

  async reset(em: EntityManager): Promise<void> {
    await runSql(em, 'DELETE FROM category_items');
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    await runSql(em, 'DELETE FROM category_items WHERE workspace_id = ?', [workspaceId]);
  }
}
