import type { EventEnvelope } from './events.js';

/** Stock of an item in one place; `locationId: null` is the item's "unassigned" bucket. */
export interface LocationQuantity {
  locationId: string | null;
  quantity: number;
}

/**
 * Part of the stock at one place that belongs to a lot (docs/expiry.md): named (`lot`), dated
 * (`expiresOn`, YYYY-MM-DD) or both. A lot's name has one expiry date per item. The lots at a place
 * never hold more than the place; the rest of the place's stock belongs to no lot.
 */
export interface LotQuantity extends LocationQuantity {
  lot: string | null;
  expiresOn: string | null;
}

/** A change of a lot's quantity at one place. */
export interface LotChange {
  locationId: string | null;
  lot: string | null;
  expiresOn: string | null;
  delta: number;
}

/** The item's stock after an event: total and per place (places with 0 are omitted). */
export interface StockAfter {
  total: number;
  locations: LocationQuantity[];
  /** Its lots (quantity above 0); absent when it has none, and in events from before lots. */
  lots?: LotQuantity[];
}

export interface ItemRegisteredData {
  itemId: string;
  name: string;
  sku: string | null;
  description: string | null;
  /** decimal(10,2) as a string, e.g. "19.99" */
  unitPrice: string;
  reorderLevel: number;
  categoryId: string | null;
  /** The item's home location (where stock without a location is expected to live). */
  locationId: string | null;
  imageUrl: string | null;
  /** Products' barcodes attached to the item (docs/scanning.md); absent in events from before them. */
  barcodes?: string[];
  /**
   * The stock the item was registered with: above 0, a StockReceived of it follows in the same
   * append. Lets the low-stock watch raise an alert for an item that starts out of stock. Absent
   * in events recorded before it existed (no alert is raised for those).
   */
  initialStock?: number;
}

export interface ItemDetailsChangedData {
  itemId: string;
  changes: Partial<
    Pick<ItemRegisteredData, 'name' | 'sku' | 'description' | 'unitPrice' | 'categoryId' | 'locationId' | 'imageUrl' | 'barcodes'>
  >;
  /** Why, when the change was not a user's edit (e.g. "Category deleted"). */
  reason?: string;
}

export interface ReorderLevelSetData {
  itemId: string;
  reorderLevel: number;
}

interface MovementData {
  itemId: string;
  /** Id of the movement this event records (the timeline entry; the target of an undo). */
  movementId: string;
  reason: string;
  stockAfter: StockAfter;
  /** What the movement did to lots; absent when it touched none. */
  lotChanges?: LotChange[];
}

export interface StockReceivedData extends MovementData {
  quantity: number;
  locationId: string | null;
}

export interface StockIssuedData extends MovementData {
  quantity: number;
  locationId: string | null;
}

export interface StockAdjustedData extends MovementData {
  locationId: string | null;
  /** The new level at that location (spec: for adjustment the quantity is the new level). */
  newLevel: number;
  delta: number;
}

export interface StockTransferredData extends MovementData {
  fromLocationId: string | null;
  toLocationId: string | null;
  quantity: number;
}

export interface MovementUndoneData extends MovementData {
  undoneMovementId: string;
  /** The compensating changes per location. */
  changes: { locationId: string | null; delta: number }[];
}

/** Stock moved to the unassigned bucket because its location was deleted. */
export interface StockRelocatedData extends MovementData {
  fromLocationId: string;
  quantity: number;
}

export interface ItemArchivedData {
  itemId: string;
}

/** Every event of an item stream ("item-<id>"), published as events.inventory.<type>. */
export type ItemEvent =
  | EventEnvelope<'ItemRegistered', ItemRegisteredData>
  | EventEnvelope<'ItemDetailsChanged', ItemDetailsChangedData>
  | EventEnvelope<'ReorderLevelSet', ReorderLevelSetData>
  | EventEnvelope<'StockReceived', StockReceivedData>
  | EventEnvelope<'StockIssued', StockIssuedData>
  | EventEnvelope<'StockAdjusted', StockAdjustedData>
  | EventEnvelope<'StockTransferred', StockTransferredData>
  | EventEnvelope<'MovementUndone', MovementUndoneData>
  | EventEnvelope<'StockRelocated', StockRelocatedData>
  | EventEnvelope<'ItemArchived', ItemArchivedData>;

export type ItemEventType = ItemEvent['type'];

/** Events that change stock: they all carry the stock after the change. */
export const STOCK_EVENT_TYPES = [
  'StockReceived',
  'StockIssued',
  'StockAdjusted',
  'StockTransferred',
  'MovementUndone',
  'StockRelocated',
] as const satisfies readonly ItemEventType[];
