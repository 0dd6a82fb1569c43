import {
  InventoryMessages as M,
  WorkspaceMessages,
  MAX_STOCK,
  type ItemEvent,
  type LotChange,
  type StockAfter,
} from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import {
  CATEGORY_DELETED_REASON,
  INITIAL_STOCK_REASON,
  LOCATION_DELETED_REASON,
  sameDetail,
  type DetailChanges,
  type ItemCommand,
  type ItemFact,
  type ItemState,
  type MovementRecord,
} from './item.js';
import { applyLotChanges, countLot, moveLots, receiveIntoLot, relocateLots, takeFromLots, undoLotChanges } from './lots.js';
import { applyChanges, quantityAt, toStockAfter, type StockChange } from './stock.js';

/** Decides which events a command causes, or refuses it. Pure: no I/O, no clock, no random ids. */
export function decide(command: ItemCommand, state: ItemState): ItemFact[] {
  if (command.type === 'RegisterItem') return register(command.data, state);
  // Deleted categories and locations are let go of by archived items too.
  if (command.type === 'DetachCategory') return detachCategory(command.data.categoryId, state);
  if (command.type === 'DetachLocation') return detachLocation(command.data, state);
  if (state.status !== 'active') throw new ServiceError('NOT_FOUND', M.itemNotFound);
  const itemId = state.itemId;
  switch (command.type) {
    case 'ChangeDetails':
      return changeDetails(command.data.changes, state);
    case 'SetReorderLevel':
      return command.data.reorderLevel === state.reorderLevel ? [] : [{ type: 'ReorderLevelSet', data: { itemId, ...command.data } }];
    case 'ReceiveStock': {
      const { quantity, locationId, reason, movementId, lot = null, expiresOn = null } = command.data;
      requirePositive(quantity);
      const lotChanges = receiveIntoLot(state.lots, locationId, { lot, expiresOn }, quantity);
      const stockAfter = stockAfterChanges(state, [{ locationId, delta: quantity }], lotChanges);
      return [{ type: 'StockReceived', data: withLots({ itemId, movementId, quantity, locationId, reason, stockAfter }, lotChanges) }];
    }
    case 'IssueStock': {
      const { quantity, locationId, reason, movementId, lot = null } = command.data;
      requirePositive(quantity);
      refuseExpiryDate(command.data);
      const available = quantityAt(state.stock, locationId);
      if (available < quantity) throw new ServiceError('INSUFFICIENT_STOCK', M.insufficientStock(available));
      const lotChanges = takeFromLots(state.lots, state.stock, locationId, quantity, lot);
      const stockAfter = stockAfterChanges(state, [{ locationId, delta: -quantity }], lotChanges);
      return [{ type: 'StockIssued', data: withLots({ itemId, movementId, quantity, locationId, reason, stockAfter }, lotChanges) }];
    }
    case 'AdjustStock': {
      const { newLevel, locationId, reason, movementId, lot = null } = command.data;
      refuseExpiryDate(command.data);
      // Naming a lot counts the lot; otherwise the place, and a shortfall leaves the lots earliest expiry first.
      const lotChanges =
        lot !== null
          ? countLot(state.lots, locationId, lot, newLevel)
          : takeFromLots(state.lots, state.stock, locationId, Math.max(0, quantityAt(state.stock, locationId) - newLevel), null);
      const delta =
        lot !== null ? lotChanges.reduce((total, change) => total + change.delta, 0) : newLevel - quantityAt(state.stock, locationId);
      const stockAfter = stockAfterChanges(state, [{ locationId, delta }], lotChanges);
      return [
        {
          type: 'StockAdjusted',
          data: withLots(
            { itemId, movementId, locationId, newLevel: quantityAt(stockAfter.locations, locationId), delta, reason, stockAfter },
            lotChanges,
          ),
        },
      ];
    }
    case 'TransferStock': {
      const { fromLocationId, toLocationId, quantity, reason, movementId, lot = null } = command.data;
      requirePositive(quantity);
      if (fromLocationId === toLocationId) throw new ServiceError('VALIDATION', M.sameLocation);
      const available = quantityAt(state.stock, fromLocationId);
      if (available < quantity) throw new ServiceError('INSUFFICIENT_STOCK', M.insufficientAtSource(available));
      const changes = [
        { locationId: fromLocationId, delta: -quantity },
        { locationId: toLocationId, delta: quantity },
      ];
      const lotChanges = moveLots(takeFromLots(state.lots, state.stock, fromLocationId, quantity, lot), toLocationId);
      const stockAfter = stockAfterChanges(state, changes, lotChanges);
      return [
        {
          type: 'StockTransferred',
          data: withLots({ itemId, movementId, fromLocationId, toLocationId, quantity, reason, stockAfter }, lotChanges),
        },
      ];
    }
    case 'UndoMovement':
      return undo(command.data, state);
    case 'ArchiveItem':
      return [{ type: 'ItemArchived', data: { itemId } }];
  }
}

function register(data: Extract<ItemCommand, { type: 'RegisterItem' }>['data'], state: ItemState): ItemFact[] {
  if (state.status !== 'absent') throw new ServiceError('CONFLICT', 'This item is already registered');
  const {
    initialStock,
    movementId,
    initialStockReason = INITIAL_STOCK_REASON,
    reorderLevel,
    lot = null,
    expiresOn = null,
    ...details
  } = data;
  const itemId = state.itemId;
  const facts: ItemFact[] = [{ type: 'ItemRegistered', data: { itemId, ...details, reorderLevel, initialStock } }];
  if (initialStock > 0) {
    // The opening stock is where the item is registered, if it names a place.
    const locationId = details.locationId ?? null;
    const lotChanges = receiveIntoLot([], locationId, { lot, expiresOn }, initialStock);
    const stockAfter = stockAfterChanges({ stock: [], lots: [] }, [{ locationId, delta: initialStock }], lotChanges);
    facts.push({
      type: 'StockReceived',
      data: withLots({ itemId, movementId, quantity: initialStock, locationId, reason: initialStockReason, stockAfter }, lotChanges),
    });
  }
  return facts;
}

function changeDetails(requested: DetailChanges, state: ItemState): ItemFact[] {
  // Only what really changes is recorded; an edit that changes nothing records nothing.
  const changes = Object.fromEntries(
    Object.entries(requested).filter(
      ([key, value]) => value !== undefined && !sameDetail(value, state.details[key as keyof DetailChanges]),
    ),
  ) as DetailChanges;
  return Object.keys(changes).length === 0 ? [] : [{ type: 'ItemDetailsChanged', data: { itemId: state.itemId, changes } }];
}

function undo(data: Extract<ItemCommand, { type: 'UndoMovement' }>['data'], state: ItemState): ItemFact[] {
  const target = state.movements[data.targetMovementId];
  if (!target) throw new ServiceError('NOT_FOUND', M.movementNotFound);
  if (target.kind === 'undo') throw new ServiceError('CONFLICT', M.undoOfUndo);
  if (target.kind === 'relocation') throw new ServiceError('CONFLICT', M.relocationUndo);
  if (target.undoneBy) throw new ServiceError('CONFLICT', M.alreadyUndone);
  if (!data.mayUndoOthers && target.recordedBy !== data.actorUserId)
    throw new ServiceError('FORBIDDEN', WorkspaceMessages.undoOthersForbidden);
  const changes = target.changes.map(({ locationId, delta }) => ({ locationId, delta: -delta }));
  for (const { locationId, delta } of changes) {
    const available = quantityAt(state.stock, locationId);
    if (available + delta < 0) throw new ServiceError('INSUFFICIENT_STOCK', M.undoWouldGoNegative(available, -delta));
  }
  const lotChanges = undoLotChanges(state.lots, applyChanges(state.stock, changes), target.lotChanges);
  const stockAfter = stockAfterChanges(state, changes, lotChanges);
  return [
    {
      type: 'MovementUndone',
      data: withLots(
        {
          itemId: state.itemId,
          movementId: data.movementId,
          undoneMovementId: data.targetMovementId,
          changes,
          reason: data.reason,
          stockAfter,
        },
        lotChanges,
      ),
    },
  ];
}

function detachCategory(categoryId: string, state: ItemState): ItemFact[] {
  if (state.status === 'absent' || state.details.categoryId !== categoryId) return [];
  return [{ type: 'ItemDetailsChanged', data: { itemId: state.itemId, changes: { categoryId: null }, reason: CATEGORY_DELETED_REASON } }];
}

/** A deleted location: the item no longer lives there, and its stock there moves to unassigned. */
function detachLocation({ locationId, movementId }: { locationId: string; movementId: string }, state: ItemState): ItemFact[] {
  if (state.status === 'absent') return [];
  const facts: ItemFact[] = [];
  if (state.details.locationId === locationId) {
    facts.push({
      type: 'ItemDetailsChanged',
      data: { itemId: state.itemId, changes: { locationId: null }, reason: LOCATION_DELETED_REASON },
    });
  }
  const quantity = quantityAt(state.stock, locationId);
  if (quantity > 0) {
    const changes = [
      { locationId, delta: -quantity },
      { locationId: null, delta: quantity },
    ];
    const lotChanges = relocateLots(state.lots, locationId);
    const stockAfter = stockAfterChanges(state, changes, lotChanges);
    facts.push({
      type: 'StockRelocated',
      data: withLots(
        { itemId: state.itemId, movementId, fromLocationId: locationId, quantity, reason: LOCATION_DELETED_REASON, stockAfter },
        lotChanges,
      ),
    });
  }
  return facts;
}

/** Applies one event to the state. Stock comes from the event's `stockAfter`, the fact as recorded. */
export function evolve(state: ItemState, event: ItemEvent): ItemState {
  const next: ItemState = { ...state, version: event.version, updatedAt: event.occurredAt };
  switch (event.type) {
    case 'ItemRegistered': {
      const { itemId, reorderLevel, barcodes = [], ...details } = event.data;
      const { workspaceId, userId: createdBy } = event.metadata;
      return {
        ...next,
        status: 'active',
        itemId,
        workspaceId,
        createdBy,
        details: { ...details, barcodes },
        reorderLevel,
        createdAt: event.occurredAt,
      };
    }
    case 'ItemDetailsChanged':
      return { ...next, details: { ...state.details, ...event.data.changes } };
    case 'ReorderLevelSet':
      return { ...next, reorderLevel: event.data.reorderLevel };
    case 'ItemArchived':
      return { ...next, status: 'archived' };
    default:
      return {
        ...next,
        stock: event.data.stockAfter.locations,
        lots: event.data.stockAfter.lots ?? [],
        movements: recordMovement(state.movements, event),
      };
  }
}

/** The movements map after a stock event: the new movement, and for an undo its target marked. */
export function recordMovement(movements: Record<string, MovementRecord>, event: ItemEvent): Record<string, MovementRecord> {
  const changes = movementChanges(event);
  if (!changes || !('movementId' in event.data)) return movements;
  const next = { ...movements };
  const kind = event.type === 'MovementUndone' ? 'undo' : event.type === 'StockRelocated' ? 'relocation' : 'movement';
  next[event.data.movementId] = {
    kind,
    changes,
    lotChanges: event.data.lotChanges ?? [],
    undoneBy: null,
    recordedBy: event.metadata.userId,
  };
  if (event.type === 'MovementUndone' && next[event.data.undoneMovementId]) {
    next[event.data.undoneMovementId] = { ...next[event.data.undoneMovementId], undoneBy: event.data.movementId };
  }
  return next;
}

/** What a stock event changed per place; null for events that move no stock. */
export function movementChanges(event: ItemEvent | ItemFact): StockChange[] | null {
  switch (event.type) {
    case 'StockReceived':
      return [{ locationId: event.data.locationId, delta: event.data.quantity }];
    case 'StockIssued':
      return [{ locationId: event.data.locationId, delta: -event.data.quantity }];
    case 'StockAdjusted':
      return [{ locationId: event.data.locationId, delta: event.data.delta }];
    case 'StockTransferred':
      return [
        { locationId: event.data.fromLocationId, delta: -event.data.quantity },
        { locationId: event.data.toLocationId, delta: event.data.quantity },
      ];
    case 'StockRelocated':
      return [
        { locationId: event.data.fromLocationId, delta: -event.data.quantity },
        { locationId: null, delta: event.data.quantity },
      ];
    case 'MovementUndone':
      return event.data.changes;
    default:
      return null;
  }
}

/** The stock after the changes, refused when it would exceed what an item may hold. */
function stockAfterChanges(
  { stock, lots }: Pick<ItemState, 'stock' | 'lots'>,
  changes: readonly StockChange[],
  lotChanges: readonly LotChange[] = [],
): StockAfter {
  const after = toStockAfter(applyChanges(stock, changes), applyLotChanges(lots, lotChanges));
  if (after.total > MAX_STOCK) throw new ServiceError('VALIDATION', M.stockTooHigh);
  return after;
}

/** A movement's data with its lot changes, when it made any: events of items without lots stay as they were. */
const withLots = <T extends object>(data: T, lotChanges: readonly LotChange[]): T & { lotChanges?: LotChange[] } =>
  lotChanges.length > 0 ? { ...data, lotChanges: [...lotChanges] } : data;

/** An expiry date belongs to stock coming in; elsewhere it would silently mean nothing. */
function refuseExpiryDate({ expiresOn }: { expiresOn?: string | null }): void {
  if (expiresOn != null) throw new ServiceError('VALIDATION', M.lotOnlyWhenStockComesIn);
}

/**
 * Receipts, issues and transfers move something: the request's rules let 0 through, because for an
 * adjustment it is a new level. The field rules themselves (names, prices, levels, limits) are the
 * DTOs' (platform validation/item-fields.ts), applied before any command is decided.
 */
function requirePositive(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_STOCK) throw new ServiceError('VALIDATION', M.quantityInvalid);
}
