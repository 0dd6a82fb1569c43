import type { EntityManager } from '@mikro-orm/postgresql';
import { CodeMessages, InventoryMessages as M, type ItemEvent } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { isUniqueViolation } from '../../database/sql.js';
import { appendToStreams, itemStreamId } from '../../event-store/event-store.js';
import type { ItemState } from '../domain/item.js';
import { itemViewUpsert } from '../read-models/item-views.js';
import { snapshotUpsert } from './item-states.js';

/** An item's new events, the version its state had before them, and the state they lead to. */
export interface DecidedItem {
  expectedVersion: number;
  events: readonly ItemEvent[];
  state: ItemState;
}

/**
 * Records the items' events in one statement (event-store/event-store.ts): the expected-version
 * appends, the outbox rows, each item's snapshot and its row of the item list (which is read right
 * after a write, so it is kept in the write's transaction rather than by a consumer). Callers list
 * the items in a fixed order (by id) when they append several. A SKU or barcode another item took
 * meanwhile is refused here, by the list's unique keys.
 */
export async function appendItemEvents(em: EntityManager, items: readonly DecidedItem[]): Promise<void> {
  const changed = items.filter(({ events }) => events.length > 0);
  if (changed.length === 0) return;
  const states = changed.map(({ state }) => state);
  try {
    await appendToStreams(
      em,
      changed.map(({ state, expectedVersion, events }) => ({ streamId: itemStreamId(state.itemId), expectedVersion, events })),
      [snapshotUpsert(states), itemViewUpsert(states)],
    );
  } catch (error) {
    if (isUniqueViolation(error, 'item_views_sku')) throw new ServiceError('CONFLICT', M.skuTaken);
    if (isUniqueViolation(error, 'item_barcodes_pkey')) throw new ServiceError('CONFLICT', CodeMessages.barcodesTaken);
    // Two ids whose short codes meet (docs/scanning.md): a new id on the next try.
    if (isUniqueViolation(error, 'item_views_code')) throw new ServiceError('CONFLICT', M.concurrentChange);
    throw error;
  }
}
