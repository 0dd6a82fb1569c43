import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { locationItemChange } from './location-item-change.js';

/** Keeps location_items and location_item_stock in step with the inventory events. */
@Injectable()
export class LocationItemCountsProjection implements EventHandler {
  async handle(event: EventEnvelope, em: EntityManager): Promise<void> {
    const change = locationItemChange(event);
    if (!change) return;
    const run = (sql: string, params: unknown[]) => em.getConnection().execute(sql, params, 'run', em.getTransactionContext());
    const track = (itemId: string, userId: string) =>
      run('INSERT INTO location_items (item_id, user_id) VALUES (?, ?) ON CONFLICT (item_id) DO NOTHING', [itemId, userId]);
    switch (change.kind) {
      case 'registered':
        await track(change.itemId, change.userId);
        return;
      case 'archived':
        await run('UPDATE location_items SET active = false WHERE item_id = ?', [change.itemId]);
        return;
      case 'stock':
        // Stock events carry the whole stock after the change, so the item's rows are replaced.
        await track(change.itemId, change.userId);
        await run('DELETE FROM location_item_stock WHERE item_id = ?', [change.itemId]);
        if (change.locations.length === 0) return;
        await run(
          `INSERT INTO location_item_stock (item_id, location_id, quantity) VALUES ${change.locations.map(() => '(?, ?, ?)').join(', ')}`,
          change.locations.flatMap((l) => [change.itemId, l.locationId, l.quantity]),
        );
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    const ctx = em.getTransactionContext();
    await em.getConnection().execute('DELETE FROM location_item_stock', [], 'run', ctx);
    await em.getConnection().execute('DELETE FROM location_items', [], 'run', ctx);
  }
}
