import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_BARCODES_PER_ITEM,
  CODE_LOOKUP_MAX_LENGTH,
  EXPIRY_FILTERS,
  LOT_MAX_LENGTH,
  MAX_EXPIRY_WARNING_DAYS,
  ITEM_DESCRIPTION_MAX_LENGTH,
  ITEM_NAME_MAX_LENGTH,
  ITEM_SKU_MAX_LENGTH,
  ITEM_SORTS,
  SORT_ORDERS,
  type ItemSort,
  type SortOrder,
  InventoryMessages as M,
  MAX_ITEMS_PAGE,
  MAX_MOVEMENTS_PAGE,
  MOVEMENT_REASON_MAX_LENGTH,
  MOVEMENT_TYPES,
  STOCK_STATUSES,
  UNIT_PRICE_PATTERN,
  type CodeRef,
  type ExpiringLotView,
  type ExpiryFilter,
  type InventorySettings,
  type ItemView,
  type ListItemsQuery,
  type ListMovementsQuery,
  type LocationStockView,
  type LotStockView,
  type MovementLot,
  type MovementEntry,
  type MovementResult,
  type MovementType,
  type NamedRef,
  type RecordMovementRequest,
  type RegisterItemRequest,
  type StockStatus,
  type TimelineEntryType,
  type TransferStockRequest,
  type UndoMovementRequest,
  type UpdateItemRequest,
} from '@inventory/contracts';
import {
  Barcodes,
  ExpiryDate,
  ExpiryFilterField,
  ExpiryWarningDays,
  IfGiven,
  ItemDescription,
  ItemImageUrl,
  ItemName,
  ItemSearch,
  ItemSku,
  ItemCursor,
  ItemSortField,
  SortOrderField,
  LotName,
  MovedQuantity,
  MovementCursor,
  MovementReason,
  MovementTypeField,
  OptionalRefId,
  OptionalStockLevel,
  PageLimit,
  PageOffset,
  ScannedCode,
  StockStatusFilter,
  UndoReason,
  UnitPrice,
} from '@inventory/platform';

export class ListItemsQueryDto implements ListItemsQuery {
  @ApiPropertyOptional({ description: 'Case-insensitive substring of the name or the SKU' })
  @ItemSearch()
  search?: string;

  @ApiPropertyOptional({ enum: STOCK_STATUSES })
  @StockStatusFilter()
  status?: StockStatus;

  @ApiPropertyOptional()
  @OptionalRefId()
  categoryId?: string;

  @ApiPropertyOptional({ description: 'Items whose home is this location or that hold stock there' })
  @OptionalRefId()
  locationId?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_ITEMS_PAGE,
    default: MAX_ITEMS_PAGE,
    description: 'The total is in the X-Total-Count header',
  })
  @PageLimit(MAX_ITEMS_PAGE)
  limit?: number;

  @ApiPropertyOptional({ enum: EXPIRY_FILTERS, description: "By the nearest expiry of the item's lots: within the warning days, or past" })
  @ExpiryFilterField()
  expiry?: ExpiryFilter;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0 })
  @PageOffset()
  offset?: number;

  @ApiPropertyOptional({
    enum: ITEM_SORTS,
    description:
      'Default: newest first. Names and SKUs sort case-insensitively; items without a SKU come last ascending, first descending; ties go by id',
  })
  @ItemSortField()
  sort?: ItemSort;

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'asc', description: 'With sort' })
  @SortOrderField()
  order?: SortOrder;

  @ApiPropertyOptional({
    maxLength: 4000,
    description:
      'The page after the last item of the page that gave this cursor (its Link rel="next"), in the same order and filters. Give offset too (where the page stands) to keep the count reaching past it',
  })
  @ItemCursor()
  after?: string;
}

/** A code in the path, as scanned or typed (URL-encoded: a barcode may hold any character). */
export class CodeParams implements CodeRef {
  @ApiProperty({
    example: '4006381333931',
    maxLength: CODE_LOOKUP_MAX_LENGTH,
    description: 'A short code (any case, dashes allowed), a barcode or a SKU',
  })
  @ScannedCode()
  code: string;
}

class ItemFieldsBody {
  @ApiPropertyOptional({
    type: String,
    example: 'DR-001',
    maxLength: ITEM_SKU_MAX_LENGTH,
    nullable: true,
    description: 'Unique per user when given, ignoring case',
  })
  @ItemSku()
  sku?: string | null;

  @ApiPropertyOptional({ type: String, maxLength: ITEM_DESCRIPTION_MAX_LENGTH, nullable: true })
  @ItemDescription()
  description?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalRefId()
  categoryId?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The home location of the item' })
  @OptionalRefId()
  locationId?: string | null;

  @ApiPropertyOptional({
    type: String,
    example: '/api/images/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed.png',
    nullable: true,
    description: 'From POST /api/upload/image, or an http(s) URL',
  })
  @ItemImageUrl()
  imageUrl?: string | null;

  @ApiPropertyOptional({
    type: String,
    isArray: true,
    maxItems: MAX_BARCODES_PER_ITEM,
    example: ['4006381333931'],
    description: "Products' barcodes (EAN-13, UPC-A, Code 128, any text), unique in the workspace; the whole list ([] removes them all)",
  })
  @Barcodes()
  barcodes?: string[];
}

export class RegisterItemBody extends ItemFieldsBody implements RegisterItemRequest {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: LOT_MAX_LENGTH, description: 'The lot of the initial stock' })
  @LotName()
  lot?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    nullable: true,
    example: '2027-01-31',
    description: 'The expiry date of the initial stock',
  })
  @ExpiryDate()
  expiresOn?: string | null;

  @ApiProperty({ example: 'Cordless drill', maxLength: ITEM_NAME_MAX_LENGTH })
  @ItemName()
  name: string;

  @ApiProperty({ example: '89.99', pattern: UNIT_PRICE_PATTERN.source, description: 'decimal(10,2) ≥ 0, as a string' })
  @UnitPrice()
  unitPrice: string;

  @ApiPropertyOptional({ type: 'integer', default: 0, minimum: 0, description: 'Initial stock, recorded as a first "in" movement' })
  @OptionalStockLevel(M.initialStockInvalid)
  currentStock?: number;

  @ApiPropertyOptional({ type: 'integer', default: 0, minimum: 0 })
  @OptionalStockLevel(M.reorderLevelInvalid)
  reorderLevel?: number;
}

export class UpdateItemBody extends ItemFieldsBody implements UpdateItemRequest {
  @ApiPropertyOptional({ maxLength: ITEM_NAME_MAX_LENGTH })
  @IfGiven()
  @ItemName()
  name?: string;

  @ApiPropertyOptional({ example: '12.50', pattern: UNIT_PRICE_PATTERN.source })
  @IfGiven()
  @UnitPrice()
  unitPrice?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Alert when stock falls to or below this level' })
  @OptionalStockLevel(M.reorderLevelInvalid)
  reorderLevel?: number;
}

export class RecordMovementBody implements RecordMovementRequest {
  @ApiProperty({ type: 'integer', example: 5, description: 'in / out: the amount (≥ 1); adjustment: the new stock level (≥ 0)' })
  @MovedQuantity(0)
  quantity: number;

  @ApiProperty({ enum: MOVEMENT_TYPES })
  @MovementTypeField()
  movementType: MovementType;

  @ApiProperty({ example: 'Delivery from supplier', maxLength: MOVEMENT_REASON_MAX_LENGTH })
  @MovementReason()
  reason: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Where; left out or null is the unassigned bucket' })
  @OptionalRefId()
  locationId?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LOT_MAX_LENGTH,
    description: 'in: the lot received into; out / adjustment: the lot taken from or counted (else the earliest expiry goes first)',
  })
  @LotName()
  lot?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    nullable: true,
    example: '2027-01-31',
    description: 'in only: the expiry date of the stock',
  })
  @ExpiryDate()
  expiresOn?: string | null;
}

export class TransferStockBody implements TransferStockRequest {
  @ApiProperty({ type: String, nullable: true, description: 'null: the unassigned bucket' })
  @OptionalRefId()
  fromLocationId: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'null: the unassigned bucket' })
  @OptionalRefId()
  toLocationId: string | null;

  @ApiProperty({ type: 'integer', example: 3, minimum: 1 })
  @MovedQuantity(1)
  quantity: number;

  @ApiProperty({ example: 'Restock the van', maxLength: MOVEMENT_REASON_MAX_LENGTH })
  @MovementReason()
  reason: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: LOT_MAX_LENGTH,
    description: 'The lot to move; else the earliest expiry goes first',
  })
  @LotName()
  lot?: string | null;
}

export class InventorySettingsBody implements InventorySettings {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: MAX_EXPIRY_WARNING_DAYS,
    example: 7,
    description: 'Days before expiry a lot counts as expiring soon',
  })
  @ExpiryWarningDays()
  expiryWarningDays: number;
}

export class UndoMovementBody implements Omit<UndoMovementRequest, 'movementId'> {
  @ApiPropertyOptional({ maxLength: MOVEMENT_REASON_MAX_LENGTH, description: 'Why; "Undo" when left out' })
  @UndoReason()
  reason?: string;
}

export class ListMovementsQueryDto implements ListMovementsQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_MOVEMENTS_PAGE, default: 100 })
  @PageLimit(MAX_MOVEMENTS_PAGE)
  limit?: number;

  @ApiPropertyOptional({ description: 'Only movements older than this movement id' })
  @MovementCursor()
  before?: string;
}

// ---- Answers (for the OpenAPI description) ----

class NamedRefDto implements NamedRef {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}

class LocationStockDto implements LocationStockView {
  @ApiProperty({ type: String, nullable: true, description: 'null: unassigned' }) locationId: string | null;
  @ApiProperty({ type: String, nullable: true }) locationName: string | null;
  @ApiProperty({ type: 'integer' }) quantity: number;
}

class LotStockDto implements LotStockView {
  @ApiProperty({ type: String, nullable: true, description: 'null: unassigned' }) locationId: string | null;
  @ApiProperty({ type: String, nullable: true }) locationName: string | null;
  @ApiProperty({ type: String, nullable: true }) lot: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) expiresOn: string | null;
  @ApiProperty({ type: 'integer' }) quantity: number;
}

export class ItemDto implements ItemView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() userId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) sku: string | null;
  @ApiProperty({ example: '7KQ2M9XA4R', description: "The short code on the item's label (its QR code points at /i/<code>)" }) code: string;
  @ApiProperty({ type: String, isArray: true }) barcodes: string[];
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ example: '89.99', pattern: UNIT_PRICE_PATTERN.source }) unitPrice: string;
  @ApiProperty({ type: 'integer', description: 'Sum over all places' }) currentStock: number;
  @ApiProperty({ type: 'integer' }) reorderLevel: number;
  @ApiProperty({ enum: STOCK_STATUSES }) status: StockStatus;
  @ApiProperty({ type: String, nullable: true }) categoryId: string | null;
  @ApiProperty({ type: NamedRefDto, nullable: true }) category: NamedRef | null;
  @ApiProperty({ type: String, nullable: true }) locationId: string | null;
  @ApiProperty({ type: NamedRefDto, nullable: true }) location: NamedRef | null;
  @ApiProperty({ type: LocationStockDto, isArray: true }) stockByLocation: LocationStockView[];
  @ApiPropertyOptional({ type: LotStockDto, isArray: true, description: 'Its lots, earliest expiry first; absent when it has none' })
  lots?: LotStockView[];
  @ApiPropertyOptional({ type: String, format: 'date', description: 'The earliest expiry date of its lots; absent when none is dated' })
  nearestExpiry?: string;
  @ApiProperty({ type: String, nullable: true }) imageUrl: string | null;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ type: 'integer', description: 'Events recorded for the item' }) version: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class MovementEntryDto implements MovementEntry {
  @ApiProperty({ description: 'The movement id (target of an undo)' }) id: string;
  @ApiProperty() itemId: string;
  @ApiProperty({ enum: ['in', 'out', 'adjustment', 'transfer', 'undo', 'relocation'] }) movementType: TimelineEntryType;
  @ApiProperty({ type: 'integer', description: 'in/out/transfer: the amount; adjustment: the new level' }) quantity: number;
  @ApiProperty({ type: 'integer', description: 'Change of the total stock' }) delta: number;
  @ApiProperty({ type: 'integer', description: 'Total stock after the movement' }) stockAfter: number;
  @ApiProperty({ type: String, nullable: true }) locationId: string | null;
  @ApiProperty({ type: String, nullable: true }) locationName: string | null;
  @ApiProperty({ type: String, nullable: true }) toLocationId: string | null;
  @ApiProperty({ type: String, nullable: true }) toLocationName: string | null;
  @ApiProperty() reason: string;
  @ApiProperty({ description: 'Who recorded it' }) userId: string;
  @ApiProperty({ type: String, nullable: true, description: 'Their display name then (null before names were recorded)' })
  userName: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true }) undoneBy: string | null;
  @ApiProperty({ type: String, nullable: true }) undoes: string | null;
  @ApiPropertyOptional({
    type: () => MovementLotDto,
    isArray: true,
    description: 'The lots it put stock into or took it from; absent when none',
  })
  lots?: MovementLot[];
}

class MovementLotDto implements MovementLot {
  @ApiProperty({ type: String, nullable: true }) lot: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) expiresOn: string | null;
  @ApiProperty({ type: 'integer' }) quantity: number;
}

export class ExpiringLotDto implements ExpiringLotView {
  @ApiProperty() itemId: string;
  @ApiProperty() itemName: string;
  @ApiProperty({ type: String, nullable: true }) sku: string | null;
  @ApiProperty({ type: String, nullable: true }) lot: string | null;
  @ApiProperty({ format: 'date' }) expiresOn: string;
  @ApiProperty({ type: 'integer', description: 'Days from today (UTC): 0 expires today, below 0 has expired' }) daysLeft: number;
  @ApiProperty({ type: 'integer' }) quantity: number;
  @ApiProperty({ type: String, nullable: true }) locationId: string | null;
  @ApiProperty({ type: String, nullable: true }) locationName: string | null;
  @ApiProperty({ example: '12.50', description: 'Quantity × unit price' }) value: string;
}

export class InventorySettingsDto implements InventorySettings {
  @ApiProperty({ type: 'integer' }) expiryWarningDays: number;
}

export class MovementResultDto implements MovementResult {
  @ApiProperty({ type: MovementEntryDto }) movement: MovementEntry;
  @ApiProperty({ type: ItemDto }) item: ItemView;
}
