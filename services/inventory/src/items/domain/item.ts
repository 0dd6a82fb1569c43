import type { ItemDetailsChangedData, ItemEvent, ItemRegisteredData, LocationQuantity, LotChange, LotQuantity } from '@inventory/contracts';
import type { StockChange } from './stock.js';

/** An event of an item stream without its envelope: what the decider decides. */
export type ItemFact = ItemEvent extends infer E ? (E extends { type: infer T; data: infer D } ? { type: T; data: D } : never) : never;

export type ItemDetails = Omit<ItemRegisteredData, 'itemId' | 'reorderLevel' | 'barcodes'> & { barcodes: string[] };
export type DetailChanges = ItemDetailsChangedData['changes'];

/** Equal detail values: texts and ids, or lists of them (barcodes) in the same order. */
export const sameDetail = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((value, i) => value === b[i]) : a === b;

/** What a movement did, as far as undoing it is concerned. */
export interface MovementRecord {
  kind: 'movement' | 'undo' | 'relocation';
  changes: StockChange[];
  /** What it did to lots (docs/expiry.md); empty when it touched none. */
  lotChanges: LotChange[];
  undoneBy: string | null;
  /** The user who recorded it: a member may undo only their own movements. */
  recordedBy: string;
}

/**
 * The state an item's events fold into. `movements` holds the movements the current command may
 * refer to: all of them when the whole stream is folded, only the one an undo targets when the
 * state starts from the read-model snapshot.
 */
export interface ItemState {
  status: 'absent' | 'active' | 'archived';
  itemId: string;
  workspaceId: string;
  /** The user who registered the item. */
  createdBy: string;
  details: ItemDetails;
  reorderLevel: number;
  stock: LocationQuantity[];
  /** The parts of the stock in lots (docs/expiry.md). */
  lots: LotQuantity[];
  movements: Record<string, MovementRecord>;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const initialState = (itemId: string): ItemState => ({
  status: 'absent',
  itemId,
  workspaceId: '',
  createdBy: '',
  details: { name: '', sku: null, description: null, unitPrice: '0.00', categoryId: null, locationId: null, imageUrl: null, barcodes: [] },
  reorderLevel: 0,
  stock: [],
  lots: [],
  movements: {},
  version: 0,
  createdAt: '',
  updatedAt: '',
});

/** A request to change an item. Every id and the time come in with it, so deciding stays pure. */
export type ItemCommand =
  | {
      type: 'RegisterItem';
      data: ItemDetails & {
        reorderLevel: number;
        initialStock: number;
        movementId: string;
        /** Why the opening stock came in, if not 'Initial stock' (an import names its file). */
        initialStockReason?: string;
        lot?: string | null;
        expiresOn?: string | null;
      };
    }
  | { type: 'ChangeDetails'; data: { changes: DetailChanges } }
  | { type: 'SetReorderLevel'; data: { reorderLevel: number } }
  | { type: 'ReceiveStock'; data: StockMovementInput }
  | { type: 'IssueStock'; data: StockMovementInput }
  | {
      type: 'AdjustStock';
      data: {
        newLevel: number;
        locationId: string | null;
        reason: string;
        movementId: string;
        lot?: string | null;
        expiresOn?: string | null;
      };
    }
  | { type: 'TransferStock'; data: TransferInput }
  | {
      type: 'UndoMovement';
      data: {
        targetMovementId: string;
        movementId: string;
        reason: string;
        /** Who asks, and whether their workspace role lets them undo someone else's movement. */
        actorUserId: string;
        mayUndoOthers: boolean;
      };
    }
  | { type: 'DetachCategory'; data: { categoryId: string } }
  | { type: 'DetachLocation'; data: { locationId: string; movementId: string } }
  | { type: 'ArchiveItem'; data: Record<string, never> };

export interface StockMovementInput {
  quantity: number;
  locationId: string | null;
  reason: string;
  movementId: string;
  /** The lot received into or taken from (docs/expiry.md). */
  lot?: string | null;
  /** Receipts only: the expiry date of the stock received. */
  expiresOn?: string | null;
}

export interface TransferInput {
  fromLocationId: string | null;
  toLocationId: string | null;
  quantity: number;
  reason: string;
  movementId: string;
  lot?: string | null;
}

export const INITIAL_STOCK_REASON = 'Initial stock';
export const CATEGORY_DELETED_REASON = 'Category deleted';
export const LOCATION_DELETED_REASON = 'Location deleted';
