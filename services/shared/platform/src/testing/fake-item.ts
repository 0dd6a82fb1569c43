import { eventSubject, type EventEnvelope, type ItemEvent, type ItemRegisteredData, type StockAfter } from '@inventory/contracts';
import { randomUUID } from 'node:crypto';
import { newEvent } from '../events/outbox.js';
import type { EventsConnection } from '../events/jetstream.js';

type Of<T extends ItemEvent['type']> = Extract<ItemEvent, { type: T }>;

/**
 * An inventory item that writes its own history: consumers of inventory events can be tested by
 * publishing these (see publishEvents) without the inventory service. Stock is tracked per place so
 * every stock event carries a correct `stockAfter`.
 */
export class FakeItem {
  readonly itemId = randomUUID();
  private version = 0;
  private readonly stock = new Map<string | null, number>();

  /** Owned by `workspaceId`, recorded by that workspace's owner (a personal workspace's id is its owner's id). */
  constructor(readonly workspaceId: string) {}

  registered(fields: Partial<Pick<ItemRegisteredData, 'categoryId' | 'locationId' | 'name'>> = {}): Of<'ItemRegistered'> {
    return this.event('ItemRegistered', {
      itemId: this.itemId,
      name: fields.name ?? `Item ${this.itemId.slice(0, 8)}`,
      sku: null,
      description: null,
      unitPrice: '1.00',
      reorderLevel: 0,
      categoryId: fields.categoryId ?? null,
      locationId: fields.locationId ?? null,
      imageUrl: null,
    });
  }

  detailsChanged(changes: Of<'ItemDetailsChanged'>['data']['changes'], reason?: string): Of<'ItemDetailsChanged'> {
    return this.event('ItemDetailsChanged', { itemId: this.itemId, changes, ...(reason ? { reason } : {}) });
  }

  archived(): Of<'ItemArchived'> {
    return this.event('ItemArchived', { itemId: this.itemId });
  }

  received(locationId: string | null, quantity: number): Of<'StockReceived'> {
    this.move(locationId, quantity);
    return this.event('StockReceived', { ...this.movement('received'), quantity, locationId });
  }

  issued(locationId: string | null, quantity: number): Of<'StockIssued'> {
    this.move(locationId, -quantity);
    return this.event('StockIssued', { ...this.movement('issued'), quantity, locationId });
  }

  transferred(fromLocationId: string | null, toLocationId: string | null, quantity: number): Of<'StockTransferred'> {
    this.move(fromLocationId, -quantity);
    this.move(toLocationId, quantity);
    return this.event('StockTransferred', { ...this.movement('transfer'), fromLocationId, toLocationId, quantity });
  }

  /** What inventory records when a location is deleted: its stock goes to the unassigned bucket. */
  relocated(fromLocationId: string): Of<'StockRelocated'> {
    const quantity = this.stock.get(fromLocationId) ?? 0;
    this.move(fromLocationId, -quantity);
    this.move(null, quantity);
    return this.event('StockRelocated', { ...this.movement('Location deleted'), fromLocationId, quantity });
  }

  private move(locationId: string | null, delta: number): void {
    this.stock.set(locationId, (this.stock.get(locationId) ?? 0) + delta);
  }

  private movement(reason: string) {
    return { itemId: this.itemId, movementId: randomUUID(), reason, stockAfter: this.stockAfter() };
  }

  private stockAfter(): StockAfter {
    const locations = [...this.stock].filter(([, quantity]) => quantity > 0).map(([locationId, quantity]) => ({ locationId, quantity }));
    return { total: locations.reduce((sum, l) => sum + l.quantity, 0), locations };
  }

  private event<T extends ItemEvent['type']>(type: T, data: Of<T>['data']): Of<T> {
    this.version += 1;
    const event = newEvent({
      source: 'inventory',
      type,
      streamId: `item-${this.itemId}`,
      version: this.version,
      data,
      metadata: { workspaceId: this.workspaceId, userId: this.workspaceId },
    });
    return event as unknown as Of<T>;
  }
}

/** Publishes events the way an outbox relay does: in order, the event id as Nats-Msg-Id. */
export async function publishEvents(events: EventsConnection, list: readonly EventEnvelope[]): Promise<void> {
  for (const event of list) {
    await events.js.publish(eventSubject(event.source, event.type), JSON.stringify(event), { msgID: event.id });
  }
}
