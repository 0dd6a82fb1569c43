import { needsReorder, type ItemEvent, type ItemEventType, type STOCK_EVENT_TYPES, type TimelineEntryType } from '@inventory/contracts';

/** What reporting knows of an item after one of its events. */
export interface ItemSnapshot {
  itemId: string;
  workspaceId: string;
  name: string;
  sku: string | null;
  categoryId: string | null;
  /** Decimal string, e.g. "19.99". */
  unitPrice: string;
  reorderLevel: number;
  stock: number;
  active: boolean;
  /** Stream version of the last event applied. */
  version: number;
  /** occurredAt of the last event applied. */
  at: string;
}

/** A stock change as the dashboard and the movement report count it. */
export interface MovementRecord {
  movementId: string;
  type: TimelineEntryType;
  quantity: number;
  /** Change of the item's total stock. */
  delta: number;
}

const ITEM_EVENT_TYPES: ReadonlySet<string> = new Set<ItemEventType>([
  'ItemRegistered',
  'ItemDetailsChanged',
  'ReorderLevelSet',
  'StockReceived',
  'StockIssued',
  'StockAdjusted',
  'StockTransferred',
  'MovementUndone',
  'StockRelocated',
  'ItemArchived',
]);

/** Counted as low stock on the dashboard: active and at or below the reorder level (out of stock included). */
export const isLowStock = (state: ItemSnapshot | null): boolean => !!state && state.active && needsReorder(state.stock, state.reorderLevel);

/** True for the item events this read model folds; anything newer is left alone. */
export const isItemEvent = (event: { type: string }): event is ItemEvent => ITEM_EVENT_TYPES.has(event.type);

/**
 * The state after `event`, folded from the state before it (null before the registration). Null for
 * an event of an item never registered: nothing to fold it into.
 */
export function evolveItem(state: ItemSnapshot | null, event: ItemEvent): ItemSnapshot | null {
  const stamp = { version: event.version, at: event.occurredAt };
  if (event.type === 'ItemRegistered') {
    const { data } = event;
    return {
      itemId: data.itemId,
      workspaceId: event.metadata.workspaceId,
      name: data.name,
      sku: data.sku,
      categoryId: data.categoryId,
      unitPrice: data.unitPrice,
      reorderLevel: data.reorderLevel,
      stock: 0,
      active: true,
      ...stamp,
    };
  }
  if (!state) return null;
  switch (event.type) {
    case 'ItemDetailsChanged': {
      const { name, sku, unitPrice, categoryId } = event.data.changes;
      return {
        ...state,
        ...(name !== undefined && { name }),
        ...(sku !== undefined && { sku }),
        ...(unitPrice !== undefined && { unitPrice }),
        ...(categoryId !== undefined && { categoryId }),
        ...stamp,
      };
    }
    case 'ReorderLevelSet':
      return { ...state, reorderLevel: event.data.reorderLevel, ...stamp };
    case 'ItemArchived':
      return { ...state, active: false, ...stamp };
    default:
      return { ...state, stock: event.data.stockAfter.total, ...stamp };
  }
}

type StockEvent = Extract<ItemEvent, { type: (typeof STOCK_EVENT_TYPES)[number] }>;

/** The movement an event records, or null for events that do not move stock. */
export function movementOf(stockBefore: number, event: ItemEvent): MovementRecord | null {
  const record = (stockEvent: StockEvent, type: TimelineEntryType, quantity: number): MovementRecord => ({
    movementId: stockEvent.data.movementId,
    type,
    quantity,
    delta: stockEvent.data.stockAfter.total - stockBefore,
  });
  switch (event.type) {
    case 'StockReceived':
      return record(event, 'in', event.data.quantity);
    case 'StockIssued':
      return record(event, 'out', event.data.quantity);
    case 'StockAdjusted':
      // spec §4: for an adjustment the quantity shown is the new level.
      return record(event, 'adjustment', event.data.newLevel);
    case 'StockTransferred':
      return record(event, 'transfer', event.data.quantity);
    case 'StockRelocated':
      return record(event, 'relocation', event.data.quantity);
    case 'MovementUndone':
      // As the item timeline shows it: the largest change at one place (an undone transfer moves its quantity back).
      return record(event, 'undo', Math.max(...event.data.changes.map((change) => Math.abs(change.delta))));
    default:
      return null;
  }
}
