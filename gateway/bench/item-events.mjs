// Inventory events as the inventory service publishes them, generated for load: an item knows its
// stock and version, so every event carries a correct stockAfter. The envelopes come from the
// services' own newEvent, time-ordered ids included: random ones made every index keyed by them (each
// consumer's processed_events above all) dearer to fill than the product's.
import { randomUUID } from 'node:crypto';
import { newEvent } from '@inventory/platform';

export class BenchItem {
  itemId = randomUUID();
  version = 0;
  stock = 0;

  /** `userId` is also the workspace: a user's personal workspace has the user's id. */
  constructor(userId, unitPrice, { categoryId = null, reorderLevel = 5 } = {}) {
    this.userId = userId;
    this.unitPrice = unitPrice;
    this.categoryId = categoryId;
    this.reorderLevel = reorderLevel;
  }

  registered(at, name) {
    return this.event('ItemRegistered', at, {
      name,
      sku: `SKU-${this.itemId.slice(0, 8)}`,
      description: null,
      unitPrice: this.unitPrice,
      reorderLevel: this.reorderLevel,
      categoryId: this.categoryId,
      locationId: null,
      imageUrl: null,
    });
  }

  received(at, quantity) {
    this.stock += quantity;
    return this.event('StockReceived', at, { ...this.movement(), quantity, locationId: null });
  }

  issued(at, quantity) {
    this.stock -= quantity;
    return this.event('StockIssued', at, { ...this.movement(), quantity, locationId: null });
  }

  movement() {
    return {
      movementId: randomUUID(),
      reason: 'bench',
      stockAfter: { total: this.stock, locations: this.stock > 0 ? [{ locationId: null, quantity: this.stock }] : [] },
    };
  }

  event(type, at, data) {
    this.version += 1;
    return newEvent({
      source: 'inventory',
      type,
      streamId: `item-${this.itemId}`,
      version: this.version,
      occurredAt: at.toISOString(),
      data: { itemId: this.itemId, ...data },
      metadata: { workspaceId: this.userId, userId: this.userId, userName: 'Bench' },
    });
  }
}

/** A category as the catalog service announces it. */
export function categoryCreated(workspaceId, name, at) {
  const categoryId = randomUUID();
  return newEvent({
    source: 'catalog',
    type: 'CategoryCreated',
    streamId: `category-${categoryId}`,
    version: 1,
    occurredAt: at.toISOString(),
    data: { categoryId, name, description: null },
    metadata: { workspaceId, userId: workspaceId },
  });
}

/** Publishes events in order, keeping a window of acknowledgements in flight. */
export async function publishAll(js, events, window = 500) {
  for (let i = 0; i < events.length; i += window) {
    await Promise.all(
      events.slice(i, i + window).map((e) => js.publish(`events.${e.source}.${e.type}`, JSON.stringify(e), { msgID: e.id })),
    );
  }
}
