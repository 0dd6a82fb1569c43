import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope } from '@inventory/contracts';
import { jsonRows, runSql, type EventHandler } from '@inventory/platform';
import { locationItemChange } from './location-item-change.js';

/**
 * Keeps location_items and location_item_stock in step with the inventory events. A batch costs a
 * few statements whatever its size: stock events carry the item's whole stock after the change, so
 * only each item's last one in the batch needs writing.
 */
@Injectable()
export class LocationItemCountsProjection implements EventHandler {
  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    await this.handleBatch([event], em);
  }

  async handleBatch(events: EventEnvelope[], em: EntityManager): Promise<void> {
    const tracked = new Map<string, string>(); // item id → owner
    const archived = new Set<string>();
    const stock = new Map<string, { locationId: string; quantity: number }[]>();
    for (const change of events.map(locationItemChange)) {
      if (!change) continue;
      if (change.kind === 'archived') archived.add(change.itemId);
      else tracked.set(change.itemId, change.workspaceId);
      if (change.kind === 'stock') stock.set(change.itemId, change.locations);
    }
    if (!em.getTransactionContext()) throw new Error('the projection runs inside the consumer’s transaction');
    // Ids and rows travel as one JSON parameter each (jsonRows: bound, not inlined into the SQL text).
    const json = (value: unknown) => JSON.stringify(value);
    if (tracked.size > 0) {
      await runSql(
        em,
        `INSERT INTO location_items (item_id, workspace_id) SELECT item_id, workspace_id FROM ${jsonRows('item_id text, workspace_id text')}
         ON CONFLICT (item_id) DO NOTHING`,
        [json([...tracked].map(([item_id, workspace_id]) => ({ item_id, workspace_id })))],
      );
    }
    if (archived.size > 0) {
      await runSql(em, 'UPDATE location_items SET active = false WHERE item_id = ANY(?::text[])', [[...archived]]);
    }
    if (stock.size > 0) {
      await runSql(em, 'DELETE FROM location_item_stock WHERE item_id = ANY(?::text[])', [[...stock.keys()]]);
      const rows = [...stock].flatMap(([item_id, locations]) =>
        locations.map(({ locationId, quantity }) => ({ item_id, location_id: locationId, quantity })),
      );
      if (rows.length > 0) {
        await runSql(
          em,
          `INSERT INTO location_item_stock (item_id, location_id, quantity)
           SELECT item_id, location_id, quantity FROM ${jsonRows('item_id text, location_id text, quantity integer')}`,
          [json(rows)],
        );
      }
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await runSql(em, 'DELETE FROM location_item_stock');
    await runSql(em, 'DELETE FROM location_items');
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    await runSql(em, 'DELETE FROM location_item_stock WHERE item_id IN (SELECT item_id FROM location_items WHERE workspace_id = ?)', [
      workspaceId,
    ]);
    await runSql(em, 'DELETE FROM location_items WHERE workspace_id = ?', [workspaceId]);
  }
}
