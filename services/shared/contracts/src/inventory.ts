import type { LocationQuantity, LotQuantity } from './inventory-events.js';
import type { SortOrder } from './reporting.js';

/**
 * NATS subjects of the inventory service, "inventory.<resource>.<verb>". The only place these
 * strings are written: the service uses them in @MessagePattern, the gateway in rpc().
 */
export const InventorySubjects = {
  listItems: 'inventory.items.list',
  getItem: 'inventory.items.get',
  findItemByCode: 'inventory.items.find-by-code',
  registerItem: 'inventory.items.register',
  updateItem: 'inventory.items.update',
  archiveItem: 'inventory.items.archive',
  recordMovement: 'inventory.items.record-movement',
  transferStock: 'inventory.items.transfer',
  undoMovement: 'inventory.movements.undo',
  listMovements: 'inventory.movements.list',
  listLowStockAlerts: 'inventory.alerts.list-low-stock',
  markAlertRead: 'inventory.alerts.mark-read',
  listExpiringLots: 'inventory.lots.list-expiring',
  getSettings: 'inventory.settings.get',
  updateSettings: 'inventory.settings.update',
} as const;

/**
 * Plain publish (not request/reply): the alerts worker announces every alert it raises or resolves
 * here; each gateway instance forwards the user's own notifications to the browser (SSE).
 */
export const InventoryNotificationSubjects = {
  alertChanged: 'inventory.alerts.changed',
} as const;

/** spec §4: Out of Stock at 0; Low Stock at or below the reorder level; else In Stock. */
export type StockStatus = 'in-stock' | 'low-stock' | 'out-of-stock';
export const STOCK_STATUSES: readonly StockStatus[] = ['in-stock', 'low-stock', 'out-of-stock'];

/** spec §3/4 movement types: in 'Added', out 'Removed', adjustment 'Adjusted' (quantity = new level). */
export type MovementType = 'in' | 'out' | 'adjustment';
export const MOVEMENT_TYPES: readonly MovementType[] = ['in', 'out', 'adjustment'];

/** What a timeline entry records: the spec movement types plus transfers, undos and relocations. */
export type TimelineEntryType = MovementType | 'transfer' | 'undo' | 'relocation';

/** spec §4: critical when stock is 0 or at most half the reorder level; else low. */
export type AlertSeverity = 'low' | 'critical';

/** Largest page of GET /api/inventory; also the size of the unpaged answer the spec screen reads. */
export const MAX_ITEMS_PAGE = 1000;
/**
 * How far past the page the item list counts the matches of a filter; beyond, its total is a lower
 * bound (`totalCapped`, X-Total-Count-Capped), shown as "1,124+ items" (docs/api.md). A filter's
 * matches are counted from an index, but every entry still costs: at 1,000,000 items a category holds
 * 50,000, and counting 10,000 of them was three quarters of its page's time in the database
 * (docs/reports.md, "At scale").
 */
export const MATCHES_COUNTED_PAST_PAGE = 1000;
/**
 * The same for a search, whose matches are visited one by one: each row read and its name and SKU
 * matched again. At 100,000 items the three-letter search "alv" matches 13,333; counting 1,025 of
 * them took 10-12 ms of the database, 225 of them 3.3 ms (docs/reports.md, "At scale").
 */
export const SEARCH_MATCHES_COUNTED_PAST_PAGE = 200;
/** How far past the page a list's matches are counted: a search's, else a filter's. */
export const matchesCountedPastPage = (query: { search?: string }) =>
  query.search ? SEARCH_MATCHES_COUNTED_PAST_PAGE : MATCHES_COUNTED_PAST_PAGE;
export const MAX_MOVEMENTS_PAGE = 500;
/** Most units one item may hold (the stock columns are 32-bit integers). */
export const MAX_STOCK = 1_000_000_000;
export const ITEM_NAME_MAX_LENGTH = 200;
export const ITEM_SKU_MAX_LENGTH = 100;
export const ITEM_DESCRIPTION_MAX_LENGTH = 2000;
export const MOVEMENT_REASON_MAX_LENGTH = 500;
export const IMAGE_URL_MAX_LENGTH = 2048;
/** decimal(10,2): up to 8 digits before the point and 2 after, never negative. */
export const UNIT_PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;
/** Images the product accepts, by content (magic bytes), never by name. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff'] as const;
/** spec §5 / 9: uploaded images. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Lots and expiry dates (docs/expiry.md). */
export const LOT_MAX_LENGTH = 100;
/** Days before a lot's expiry date that it counts as expiring soon and its members are warned. */
export const DEFAULT_EXPIRY_WARNING_DAYS = 7;
export const MAX_EXPIRY_WARNING_DAYS = 365;
/** Inventory filters by the nearest expiry date of an item's lots. */
export const EXPIRY_FILTERS = ['expiring', 'expired'] as const;
export type ExpiryFilter = (typeof EXPIRY_FILTERS)[number];

/**
 * Columns the item list may be sorted by (the Inventory table view). Without `sort`: newest first.
 * Names and SKUs sort case-insensitively; items without a SKU come after the others ascending,
 * before them descending (each order is one index scan); ties go by id.
 */
export const ITEM_SORTS = ['name', 'sku', 'currentStock', 'unitPrice', 'createdAt'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/** Texts both the gateway and the service answer with (spec §5 and 8 wording where it gives one). */
export const InventoryMessages = {
  nameRequired: 'Item name is required',
  nameTooLong: `Item name must be at most ${ITEM_NAME_MAX_LENGTH} characters`,
  skuInvalid: `SKU must be text of at most ${ITEM_SKU_MAX_LENGTH} characters`,
  skuTaken: 'An item with this SKU already exists',
  descriptionInvalid: `Description must be text of at most ${ITEM_DESCRIPTION_MAX_LENGTH} characters`,
  unitPriceRequired: 'Unit price is required',
  unitPriceInvalid: 'Unit price must be an amount of 0 or more with at most 2 decimals (at most 99999999.99)',
  initialStockInvalid: `Initial stock must be a whole number from 0 to ${MAX_STOCK}`,
  reorderLevelInvalid: `Reorder level must be a whole number from 0 to ${MAX_STOCK}`,
  idInvalid: 'Ids must be text of at most 100 characters',
  imageUrlInvalid: 'Image URL must be an http(s) URL or an uploaded image path',
  quantityRequired: 'Quantity is required',
  quantityInvalid: `Quantity must be a whole number from 1 to ${MAX_STOCK}`,
  stockTooHigh: `An item cannot hold more than ${MAX_STOCK} units`,
  movementTypeInvalid: `Movement type must be one of: ${MOVEMENT_TYPES.join(', ')}`,
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${MOVEMENT_REASON_MAX_LENGTH} characters`,
  sameLocation: 'Choose two different locations for a transfer',
  statusInvalid: `Status must be one of: ${STOCK_STATUSES.join(', ')}`,
  itemNotFound: 'Item not found',
  movementNotFound: 'Movement not found',
  alertNotFound: 'Alert not found',
  categoryNotFound: 'Category not found',
  locationNotFound: 'Location not found',
  insufficientStock: (available: number) => `Insufficient stock: ${available} available`,
  insufficientAtSource: (available: number) => `Insufficient stock: ${available} available at the source location`,
  undoWouldGoNegative: (available: number, needed: number) =>
    `Cannot undo this movement: it takes back ${needed} but only ${available} ${available === 1 ? 'is' : 'are'} in stock there`,
  alreadyUndone: 'This movement has already been undone',
  undoOfUndo: 'An undo cannot be undone; record a new movement instead',
  relocationUndo: 'Stock moved off a deleted location cannot be undone',
  concurrentChange: 'The item was changed at the same moment; please try again',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  imageMissing: 'Please select an image file (form field "image")',
  imageInvalid: 'Please select a valid image file (JPEG, PNG, GIF, WebP, BMP, TIFF)',
  imageTooLarge: 'Please select an image smaller than 10MB',
  lotInvalid: `Lot must be text of at most ${LOT_MAX_LENGTH} characters`,
  expiresOnInvalid: 'Expiry date must be a date such as 2027-01-31',
  lotOnlyWhenStockComesIn: 'An expiry date can be given only when stock comes in',
  lotExpiryMismatch: (lot: string, expiresOn: string | null) =>
    expiresOn ? `Lot ${lot} is already recorded with expiry date ${expiresOn}` : `Lot ${lot} is already recorded without an expiry date`,
  insufficientInLot: (lot: string, available: number) => `Insufficient stock: ${available} available in lot ${lot} there`,
  expiryFilterInvalid: `expiry must be one of: ${EXPIRY_FILTERS.join(', ')}`,
  sortInvalid: `sort must be one of: ${ITEM_SORTS.join(', ')}`,
  cursorInvalid: 'after is not a cursor this list gave in this order',
  expiryWarningDaysInvalid: `Expiry warning must be a whole number of days from 0 to ${MAX_EXPIRY_WARNING_DAYS}`,
} as const;

export interface NamedRef {
  id: string;
  name: string;
}

/** Stock held at one place; `locationId: null` is the item's unassigned bucket (its home location). */
export interface LocationStockView extends LocationQuantity {
  /** null for the unassigned bucket, or while the locations replica does not know the place. */
  locationName: string | null;
}

/** A lot's stock at one place, with the place's name. */
export interface LotStockView extends LotQuantity {
  locationName: string | null;
}

/** An inventory item as the API lists it (spec §3 plus SKU, status and per-location stock). */
export interface ItemView {
  id: string;
  /** The user who created the item (the item belongs to the workspace). */
  userId: string;
  name: string;
  sku: string | null;
  /** The short code printed on the item's label: its QR code points at `<PUBLIC_URL>/i/<code>`. */
  code: string;
  /** Products' barcodes (EAN-13, UPC-A, Code 128, any text), unique in the workspace. */
  barcodes: string[];
  description: string | null;
  /** decimal(10,2) as a string, e.g. "19.99" */
  unitPrice: string;
  currentStock: number;
  reorderLevel: number;
  status: StockStatus;
  categoryId: string | null;
  /** The spec: "category object with name"; null until the catalog replica knows it. */
  category: NamedRef | null;
  locationId: string | null;
  location: NamedRef | null;
  stockByLocation: LocationStockView[];
  /** Its lots, earliest expiry first; absent when it has none (docs/expiry.md). */
  lots?: LotStockView[];
  /** The earliest expiry date of its lots (YYYY-MM-DD); absent when none is dated. */
  nearestExpiry?: string;
  imageUrl: string | null;
  isActive: boolean;
  /** Stream version: the number of events recorded for the item. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** One entry of an item's timeline, read from its events. */
export interface MovementEntry {
  /** The movement id: the target of an undo. */
  id: string;
  itemId: string;
  movementType: TimelineEntryType;
  /** in / out / transfer / relocation: the amount moved; adjustment: the new level (spec §4); undo: |delta|. */
  quantity: number;
  /** Change of the item's total stock. */
  delta: number;
  /** The item's total stock after the movement. */
  stockAfter: number;
  /** Where stock changed (null: unassigned); for a transfer, the source. */
  locationId: string | null;
  locationName: string | null;
  /** Transfers only: the destination. */
  toLocationId: string | null;
  toLocationName: string | null;
  reason: string;
  /** Who recorded it. */
  userId: string;
  /** Their display name when they recorded it (null for movements from before it was recorded). */
  userName: string | null;
  createdAt: string;
  /** Id of the undo that compensated this movement, if any. */
  undoneBy: string | null;
  /** For an undo: the movement it compensates. */
  undoes: string | null;
  /** The lots it put stock into or took it from (a transfer: at the source); absent when none. */
  lots?: MovementLot[];
}

export interface MovementLot {
  lot: string | null;
  expiresOn: string | null;
  quantity: number;
}

/** A lot that expires within the workspace's warning days or has expired (the 'Expiring' report). */
export interface ExpiringLotView {
  itemId: string;
  itemName: string;
  sku: string | null;
  lot: string | null;
  expiresOn: string;
  /** Days from today (UTC) to the expiry date: 0 expires today, below 0 has expired. */
  daysLeft: number;
  quantity: number;
  locationId: string | null;
  locationName: string | null;
  /** Value of the lot's quantity at the item's unit price, decimal(…,2) as a string. */
  value: string;
}

/** Workspace settings inventory owns (GET/PATCH /api/inventory/settings). */
export interface InventorySettings {
  expiryWarningDays: number;
}

/** Answer of every stock-changing call: the movement recorded and the item after it. */
export interface MovementResult {
  movement: MovementEntry;
  item: ItemView;
}

export interface ItemPage {
  items: ItemView[];
  /** Items matching the filters, over all pages; a lower bound when `totalCapped`. */
  total: number;
  /** More items match than `total`: the count of a search's or a filter's matches stops past the page (matchesCountedPastPage, docs/api.md). */
  totalCapped?: boolean;
  /** The cursor of the page's last item, for the page after it (`after`); absent when the page is not full. */
  next?: string;
}

/** One unread low-stock alert (spec §7: GET /api/alerts/low-stock). */
export interface LowStockAlertView {
  id: string;
  itemId: string;
  severity: AlertSeverity;
  isRead: boolean;
  createdAt: string;
  item: { id: string; name: string; currentStock: number; reorderLevel: number };
}

/**
 * Event names of GET /api/alerts/stream (server-sent events): a new alert (data: LowStockAlertView),
 * a resolved one (data: { alertId, itemId }) and a heartbeat that keeps idle connections open.
 */
export const AlertStreamEvents = {
  raised: 'low-stock-alert',
  resolved: 'alert-resolved',
  heartbeat: 'heartbeat',
} as const;

/** Published on InventoryNotificationSubjects.alertChanged for the open browser tabs of the workspace's members. */
export type AlertNotification =
  | { kind: 'raised'; workspaceId: string; alert: LowStockAlertView }
  | { kind: 'resolved'; workspaceId: string; alertId: string; itemId: string };

// ---- Request shapes (the gateway's and the service's DTO classes implement these) ----

export interface ListItemsQuery {
  /** Case-insensitive substring of the name or the SKU, or exactly a barcode or short code. */
  search?: string;
  status?: StockStatus;
  categoryId?: string;
  /** Items whose home is this location or that hold stock there. */
  locationId?: string;
  /** By the nearest expiry: within the workspace's warning days, or past. */
  expiry?: ExpiryFilter;
  /** Page size (default and maximum MAX_ITEMS_PAGE). */
  limit?: number;
  /** Where the page starts; with `after`, only where it stands (the count reaches past it). */
  offset?: number;
  sort?: ItemSort;
  /** With `sort`: ascending unless 'desc'. */
  order?: SortOrder;
  /** The page after the last item of the page that gave this cursor (its `next`), in the same order. */
  after?: string;
}

export interface RegisterItemRequest {
  name: string;
  sku?: string | null;
  description?: string | null;
  /** decimal(10,2) ≥ 0 as a string. */
  unitPrice: string;
  /** Initial stock, recorded as a first 'in' movement (unassigned bucket). */
  currentStock?: number;
  reorderLevel?: number;
  categoryId?: string | null;
  locationId?: string | null;
  imageUrl?: string | null;
  barcodes?: string[];
  /** The lot and expiry date of the initial stock (docs/expiry.md). */
  lot?: string | null;
  expiresOn?: string | null;
}

/** PATCH: the reorder level and the editable details; absent fields stay as they are. */
export interface UpdateItemRequest {
  name?: string;
  sku?: string | null;
  description?: string | null;
  unitPrice?: string;
  categoryId?: string | null;
  locationId?: string | null;
  imageUrl?: string | null;
  /** The whole list: absent keeps it, [] removes every barcode. */
  barcodes?: string[];
  reorderLevel?: number;
}

export interface RecordMovementRequest {
  /** in / out: the amount (≥ 1); adjustment: the new level (≥ 0). */
  quantity: number;
  movementType: MovementType;
  reason: string;
  /** Where; absent or null means the unassigned bucket. */
  locationId?: string | null;
  /**
   * in: the lot received into; out / adjustment: the lot taken from or counted (else the earliest
   * expiry goes first). docs/expiry.md.
   */
  lot?: string | null;
  /** in only: the expiry date (YYYY-MM-DD) of the stock received. */
  expiresOn?: string | null;
}

export interface TransferStockRequest {
  fromLocationId: string | null;
  toLocationId: string | null;
  quantity: number;
  reason: string;
  /** The lot to move; else the earliest expiry goes first. */
  lot?: string | null;
}

export interface UndoMovementRequest {
  movementId: string;
  /** Why; "Undo" when left out. */
  reason?: string;
}

export interface ListMovementsQuery {
  limit?: number;
  /** Entries older than this movement id (paging backwards through the timeline). */
  before?: string;
}

/** A code as scanned or typed: one of our short codes, a barcode or a SKU. */
export interface CodeRef {
  code: string;
}

export interface ItemRef {
  id: string;
}

export interface InventoryRpc {
  [InventorySubjects.listItems]: { request: ListItemsQuery; response: ItemPage };
  [InventorySubjects.getItem]: { request: ItemRef; response: ItemView };
  [InventorySubjects.findItemByCode]: { request: CodeRef; response: ItemView };
  [InventorySubjects.registerItem]: { request: RegisterItemRequest; response: ItemView };
  [InventorySubjects.updateItem]: { request: ItemRef & UpdateItemRequest; response: ItemView };
  [InventorySubjects.archiveItem]: { request: ItemRef; response: ItemView };
  [InventorySubjects.recordMovement]: { request: ItemRef & RecordMovementRequest; response: MovementResult };
  [InventorySubjects.transferStock]: { request: ItemRef & TransferStockRequest; response: MovementResult };
  [InventorySubjects.undoMovement]: { request: ItemRef & UndoMovementRequest; response: MovementResult };
  [InventorySubjects.listMovements]: { request: ItemRef & ListMovementsQuery; response: MovementEntry[] };
  [InventorySubjects.listLowStockAlerts]: { request: void; response: LowStockAlertView[] };
  [InventorySubjects.markAlertRead]: { request: ItemRef; response: LowStockAlertView };
  [InventorySubjects.listExpiringLots]: { request: void; response: ExpiringLotView[] };
  [InventorySubjects.getSettings]: { request: void; response: InventorySettings };
  [InventorySubjects.updateSettings]: { request: InventorySettings; response: InventorySettings };
}
