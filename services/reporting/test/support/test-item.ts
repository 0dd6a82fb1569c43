import type { CategoryEvent, ItemDetailsChangedData, ItemEvent, ItemRegisteredData, StockAfter, UserEvent } from '@inventory/contracts';
import { newEvent } from '@inventory/platform';
import { randomUUID } from 'node:crypto';

type Of<T extends ItemEvent['type']> = Extract<ItemEvent, { type: T }>;
type Change = { locationId: string | null; delta: number };

/** What an item looked like at some instant, kept by the test independently of the service. */
export interface ExpectedItem {
  id: string;
  name: string;
  sku: string | null;
  categoryId: string | null;
  unitPrice: string;
  reorderLevel: number;
  stock: number;
  active: boolean;
}

/**
 * An inventory item that writes its own history, at times the test chooses (`at`), and remembers its
 * state after every event: the oracle the reports are checked against.
 */
export class TestItem {
  readonly itemId = randomUUID();
  readonly events: ItemEvent[] = [];
  private version = 0;
  private time?: string;
  private state?: ExpectedItem;
  private readonly stock = new Map<string | null, number>();
  private readonly changesOf = new Map<string, Change[]>();
  private readonly history: { at: string; state: ExpectedItem }[] = [];

  constructor(readonly userId: string) {}

  /** Stamps the following events with this time (default: the moment each is made). */
  at(time: Date): this {
    this.time = time.toISOString();
    return this;
  }

  registered(fields: Partial<Pick<ItemRegisteredData, 'name' | 'sku' | 'unitPrice' | 'reorderLevel' | 'categoryId'>> = {}): ItemEvent {
    const data: ItemRegisteredData = {
      itemId: this.itemId,
      name: fields.name ?? `Item ${this.itemId.slice(0, 8)}`,
      sku: fields.sku ?? null,
      description: null,
      unitPrice: fields.unitPrice ?? '1.00',
      reorderLevel: fields.reorderLevel ?? 0,
      categoryId: fields.categoryId ?? null,
      locationId: null,
      imageUrl: null,
    };
    this.state = {
      id: this.itemId,
      name: data.name,
      sku: data.sku,
      categoryId: data.categoryId,
      unitPrice: data.unitPrice,
      reorderLevel: data.reorderLevel,
      stock: 0,
      active: true,
    };
    return this.record('ItemRegistered', data);
  }

  detailsChanged(changes: ItemDetailsChangedData['changes']): ItemEvent {
    const { name, sku, unitPrice, categoryId } = changes;
    this.state = { ...this.state!, ...defined({ name, sku, unitPrice, categoryId }) };
    return this.record('ItemDetailsChanged', { itemId: this.itemId, changes });
  }

  reorderLevelSet(reorderLevel: number): ItemEvent {
    this.state = { ...this.state!, reorderLevel };
    return this.record('ReorderLevelSet', { itemId: this.itemId, reorderLevel });
  }

  archived(): ItemEvent {
    this.state = { ...this.state!, active: false };
    return this.record('ItemArchived', { itemId: this.itemId });
  }

  received(quantity: number, locationId: string | null = null): ItemEvent {
    const movement = this.move([{ locationId, delta: quantity }]);
    return this.record('StockReceived', { ...movement, quantity, locationId });
  }

  issued(quantity: number, locationId: string | null = null): ItemEvent {
    const movement = this.move([{ locationId, delta: -quantity }]);
    return this.record('StockIssued', { ...movement, quantity, locationId });
  }

  adjusted(newLevel: number, locationId: string | null = null): ItemEvent {
    const delta = newLevel - (this.stock.get(locationId) ?? 0);
    const movement = this.move([{ locationId, delta }]);
    return this.record('StockAdjusted', { ...movement, locationId, newLevel, delta });
  }

  transferred(fromLocationId: string | null, toLocationId: string | null, quantity: number): ItemEvent {
    const movement = this.move([
      { locationId: fromLocationId, delta: -quantity },
      { locationId: toLocationId, delta: quantity },
    ]);
    return this.record('StockTransferred', { ...movement, fromLocationId, toLocationId, quantity });
  }

  /** Undoes an earlier movement of this item, given the event that recorded it. */
  undone(target: ItemEvent): ItemEvent {
    const undoneMovementId = (target as Of<'StockReceived'>).data.movementId;
    const changes = this.changesOf.get(undoneMovementId)!.map((c) => ({ locationId: c.locationId, delta: -c.delta }));
    const movement = this.move(changes);
    return this.record('MovementUndone', { ...movement, undoneMovementId, changes });
  }

  /** Movement id of a stock event of this item. */
  static movementIdOf(event: ItemEvent): string {
    return (event as Of<'StockReceived'>).data.movementId;
  }

  /** The item at `instant` (events at that very instant included), or null before its registration. */
  stateAt(instant: Date): ExpectedItem | null {
    const past = this.history.filter((h) => Date.parse(h.at) <= instant.getTime());
    return past.length ? past[past.length - 1].state : null;
  }

  private move(changes: Change[]) {
    for (const { locationId, delta } of changes) this.stock.set(locationId, (this.stock.get(locationId) ?? 0) + delta);
    const movementId = randomUUID();
    this.changesOf.set(movementId, changes);
    const stockAfter = this.stockAfter();
    this.state = { ...this.state!, stock: stockAfter.total };
    return { itemId: this.itemId, movementId, reason: 'test', stockAfter };
  }

  private stockAfter(): StockAfter {
    const locations = [...this.stock].filter(([, quantity]) => quantity > 0).map(([locationId, quantity]) => ({ locationId, quantity }));
    return { total: locations.reduce((sum, l) => sum + l.quantity, 0), locations };
  }

  private record<T extends ItemEvent['type']>(type: T, data: Of<T>['data']): ItemEvent {
    this.version += 1;
    const occurredAt = this.time ?? new Date().toISOString();
    const event = newEvent({
      source: 'inventory',
      type,
      streamId: `item-${this.itemId}`,
      version: this.version,
      data,
      metadata: { workspaceId: this.userId, userId: this.userId },
      occurredAt,
    });
    this.events.push(event as ItemEvent);
    this.history.push({ at: occurredAt, state: this.state! });
    return event as ItemEvent;
  }
}

const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/** A category of the catalog service, as its events tell it. */
export class TestCategory {
  readonly categoryId = randomUUID();

  constructor(
    readonly userId: string,
    readonly name: string,
  ) {}

  created(at = new Date()): CategoryEvent {
    return this.event('CategoryCreated', { categoryId: this.categoryId, name: this.name, description: null }, at);
  }

  renamed(name: string, at = new Date()): CategoryEvent {
    return this.event('CategoryRenamed', { categoryId: this.categoryId, name, description: null }, at);
  }

  deleted(at = new Date()): CategoryEvent {
    return this.event('CategoryDeleted', { categoryId: this.categoryId }, at);
  }

  private event(type: CategoryEvent['type'], data: CategoryEvent['data'], at: Date): CategoryEvent {
    const streamId = `category-${this.categoryId}`;
    return newEvent({
      source: 'catalog',
      type,
      streamId,
      data,
      metadata: { workspaceId: this.userId, userId: this.userId },
      occurredAt: at.toISOString(),
    }) as CategoryEvent;
  }
}

export const userDeleted = (userId: string): UserEvent =>
  newEvent({
    source: 'identity',
    type: 'UserDeleted',
    streamId: `user-${userId}`,
    data: { userId },
    metadata: { workspaceId: userId, userId },
  });

/** Exact value of stock × price as the API sends it: cents counted in integers, then a number. */
export const valueOf = (stock: number, unitPrice: string): number => {
  const [units, cents = ''] = unitPrice.split('.');
  return Number(BigInt(stock) * BigInt(units + cents.padEnd(2, '0'))) / 100;
};

const DAY_MS = 86_400_000;
export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * DAY_MS);
