import {
  InventoryMessages as M,
  MAX_ITEMS_PAGE,
  MAX_MOVEMENTS_PAGE,
  type CodeRef,
  type ExpiryFilter,
  type ItemRef,
  type ItemSort,
  type ListItemsQuery,
  type ListMovementsQuery,
  type MovementType,
  type RecordMovementRequest,
  type RegisterItemRequest,
  type SortOrder,
  type StockStatus,
  type TransferStockRequest,
  type UndoMovementRequest,
  type UpdateItemRequest,
} from '@inventory/contracts';
import {
  Barcodes,
  ExpiryDate,
  ExpiryFilterField,
  IfGiven,
  ItemDescription,
  ItemImageUrl,
  ItemName,
  ItemRefId,
  ItemSearch,
  ItemSku,
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
  ItemCursor,
  ItemSortField,
  SortOrderField,
} from '@inventory/platform';

export class ItemIdDto implements ItemRef {
  @ItemRefId(M.itemNotFound)
  id: string;
}

export class ListItemsDto implements ListItemsQuery {
  @ItemSearch()
  search?: string;

  @StockStatusFilter()
  status?: StockStatus;

  @OptionalRefId()
  categoryId?: string;

  @OptionalRefId()
  locationId?: string;

  @ExpiryFilterField()
  expiry?: ExpiryFilter;

  @PageLimit(MAX_ITEMS_PAGE)
  limit?: number;

  @PageOffset()
  offset?: number;

  @ItemSortField()
  sort?: ItemSort;

  @SortOrderField()
  order?: SortOrder;

  @ItemCursor()
  after?: string;
}

export class CodeDto implements CodeRef {
  @ScannedCode()
  code: string;
}

class ItemFieldsDto {
  @ItemSku()
  sku?: string | null;

  @ItemDescription()
  description?: string | null;

  @OptionalRefId()
  categoryId?: string | null;

  @OptionalRefId()
  locationId?: string | null;

  @ItemImageUrl()
  imageUrl?: string | null;

  @Barcodes()
  barcodes?: string[];
}

export class RegisterItemDto extends ItemFieldsDto implements RegisterItemRequest {
  @LotName()
  lot?: string | null;

  @ExpiryDate()
  expiresOn?: string | null;

  @ItemName()
  name: string;

  @UnitPrice()
  unitPrice: string;

  @OptionalStockLevel(M.initialStockInvalid)
  currentStock?: number;

  @OptionalStockLevel(M.reorderLevelInvalid)
  reorderLevel?: number;
}

export class UpdateItemDto extends ItemFieldsDto implements ItemRef, UpdateItemRequest {
  @ItemRefId(M.itemNotFound)
  id: string;

  @IfGiven()
  @ItemName()
  name?: string;

  @IfGiven()
  @UnitPrice()
  unitPrice?: string;

  @OptionalStockLevel(M.reorderLevelInvalid)
  reorderLevel?: number;
}

export class RecordMovementDto implements ItemRef, RecordMovementRequest {
  @ItemRefId(M.itemNotFound)
  id: string;

  @MovedQuantity(0)
  quantity: number;

  @MovementTypeField()
  movementType: MovementType;

  @MovementReason()
  reason: string;

  @OptionalRefId()
  locationId?: string | null;

  @LotName()
  lot?: string | null;

  @ExpiryDate()
  expiresOn?: string | null;
}

export class TransferStockDto implements ItemRef, TransferStockRequest {
  @ItemRefId(M.itemNotFound)
  id: string;

  @MovedQuantity(1)
  quantity: number;

  @MovementReason()
  reason: string;

  @OptionalRefId()
  fromLocationId: string | null;

  @OptionalRefId()
  toLocationId: string | null;

  @LotName()
  lot?: string | null;
}

export class UndoMovementDto implements ItemRef, UndoMovementRequest {
  @ItemRefId(M.itemNotFound)
  id: string;

  @ItemRefId(M.movementNotFound)
  movementId: string;

  @UndoReason()
  reason?: string;
}

export class ListMovementsDto implements ItemRef, ListMovementsQuery {
  @ItemRefId(M.itemNotFound)
  id: string;

  @PageLimit(MAX_MOVEMENTS_PAGE)
  limit?: number;

  @MovementCursor()
  before?: string;
}
