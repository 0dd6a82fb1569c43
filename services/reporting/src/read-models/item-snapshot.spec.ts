import type { ItemEvent } from '@inventory/contracts';
import { evolveItem, isItemEvent, isLowStock, movementOf, type ItemSnapshot } from './item-snapshot.js';

type Of<T extends ItemEvent['type']> = Extract<ItemEvent, { type: T }>;
let version = 0;
const at = (minute: number) => `2025-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
/** An event of item i1 as its type and data (without the item id), stamped with the next version. */
const event = <T extends ItemEvent['type']>(type: T, data: Omit<Of<T>['data'], 'itemId'>): ItemEvent => {
  version += 1;
  const envelope = {
    id: `e${version}`,
    source: 'inventory',
    streamId: 'item-i1',
    version,
    occurredAt: at(version),
    metadata: { workspaceId: 'u1', userId: 'u1' },
  };
  return { ...envelope, type, data: { itemId: 'i1', ...data } } as ItemEvent;
};
const stock = (total: number) => ({ movementId: `m${version + 1}`, reason: 'r', stockAfter: { total, locations: [] } });

const registered = () =>
  event('ItemRegistered', {
    name: 'Bolt',
    sku: 'B-1',
    description: null,
    unitPrice: '0.10',
    reorderLevel: 2,
    categoryId: 'c1',
    locationId: null,
    imageUrl: null,
  });
const fold = (events: ItemEvent[]) => events.reduce<ItemSnapshot | null>((state, e) => evolveItem(state, e), null);

beforeEach(() => (version = 0));

describe('evolveItem', () => {
  it('starts a registered item active with no stock', () => {
    expect(fold([registered()])).toEqual({
      itemId: 'i1',
      workspaceId: 'u1',
      name: 'Bolt',
      sku: 'B-1',
      categoryId: 'c1',
      unitPrice: '0.10',
      reorderLevel: 2,
      stock: 0,
      active: true,
      version: 1,
      at: at(1),
    });
  });

  it('takes the stock after every stock event, whatever its kind', () => {
    const state = fold([
      registered(),
      event('StockReceived', { ...stock(10), quantity: 10, locationId: null }),
      event('StockIssued', { ...stock(7), quantity: 3, locationId: null }),
      event('StockAdjusted', { ...stock(9), locationId: null, newLevel: 9, delta: 2 }),
      event('MovementUndone', { ...stock(7), undoneMovementId: 'm4', changes: [{ locationId: null, delta: -2 }] }),
    ]);
    expect(state).toMatchObject({ stock: 7, version: 5, at: at(5) });
  });

  it('applies only the details the change names', () => {
    const state = fold([registered(), event('ItemDetailsChanged', { changes: { unitPrice: '19.99', categoryId: null } })]);
    expect(state).toMatchObject({ name: 'Bolt', sku: 'B-1', unitPrice: '19.99', categoryId: null });
  });

  it('records a new reorder level and an archive', () => {
    const state = fold([registered(), event('ReorderLevelSet', { reorderLevel: 5 }), event('ItemArchived', {})]);
    expect(state).toMatchObject({ reorderLevel: 5, active: false });
  });

  it('has nothing to fold an event of an item never registered into', () => {
    expect(evolveItem(null, event('ReorderLevelSet', { reorderLevel: 5 }))).toBeNull();
  });
});

describe('movementOf', () => {
  it('counts receipts and issues by quantity with the change to the total', () => {
    expect(movementOf(0, event('StockReceived', { ...stock(10), quantity: 10, locationId: null }))).toEqual({
      movementId: 'm1',
      type: 'in',
      quantity: 10,
      delta: 10,
    });
    expect(movementOf(10, event('StockIssued', { ...stock(7), quantity: 3, locationId: null }))).toMatchObject({
      type: 'out',
      quantity: 3,
      delta: -3,
    });
  });

  it('shows an adjustment with the new level as its quantity', () => {
    expect(movementOf(10, event('StockAdjusted', { ...stock(4), locationId: null, newLevel: 4, delta: -6 }))).toMatchObject({
      type: 'adjustment',
      quantity: 4,
      delta: -6,
    });
  });

  it('keeps transfers, relocations and undos apart, each with its own type', () => {
    const transfer = event('StockTransferred', { ...stock(10), fromLocationId: 'a', toLocationId: 'b', quantity: 4 });
    const relocation = event('StockRelocated', { ...stock(10), fromLocationId: 'a', quantity: 6 });
    const undo = event('MovementUndone', { ...stock(7), undoneMovementId: 'm0', changes: [{ locationId: null, delta: -3 }] });
    expect(movementOf(10, transfer)).toMatchObject({ type: 'transfer', quantity: 4, delta: 0 });
    expect(movementOf(10, relocation)).toMatchObject({ type: 'relocation', quantity: 6, delta: 0 });
    const undoneTransfer = event('MovementUndone', {
      ...stock(10),
      undoneMovementId: 'm1',
      changes: [
        { locationId: 'b', delta: -4 },
        { locationId: 'a', delta: 4 },
      ],
    });
    expect(movementOf(10, undo)).toMatchObject({ type: 'undo', quantity: 3, delta: -3 });
    expect(movementOf(10, undoneTransfer)).toMatchObject({ type: 'undo', quantity: 4, delta: 0 });
  });

  it('finds no movement in events that do not move stock', () => {
    expect(movementOf(0, registered())).toBeNull();
    expect(movementOf(0, event('ItemArchived', {}))).toBeNull();
  });
});

describe('isLowStock', () => {
  it('counts an active item at or below its reorder level, out of stock included', () => {
    const at = (stockLevel: number, reorderLevel: number, active = true) => ({
      ...fold([registered()])!,
      stock: stockLevel,
      reorderLevel,
      active,
    });
    expect([isLowStock(at(2, 2)), isLowStock(at(0, 0)), isLowStock(at(3, 2)), isLowStock(at(1, 2, false)), isLowStock(null)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('isItemEvent', () => {
  it('knows the item events and leaves others alone', () => {
    expect(isItemEvent({ type: 'StockReceived' })).toBe(true);
    expect(isItemEvent({ type: 'ItemPhotographed' })).toBe(false);
  });
});
