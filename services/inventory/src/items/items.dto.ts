import {
  IMAGE_URL_MAX_LENGTH,
  ITEM_DESCRIPTION_MAX_LENGTH,
  ITEM_NAME_MAX_LENGTH,
  ITEM_SKU_MAX_LENGTH,
  InventoryMessages as M,
  MAX_ITEMS_PAGE,
  MAX_MOVEMENTS_PAGE,
  MAX_STOCK,
  MOVEMENT_REASON_MAX_LENGTH,
  MOVEMENT_TYPES,
  STOCK_STATUSES,
  UNIT_PRICE_PATTERN,
  type CodeRef,
  type ExpiryFilter,
  type ItemRef,
  type ListItemsQuery,
  type ListMovementsQuery,
  type MovementType,
  type RecordMovementRequest,
  type RegisterItemRequest,
  type StockStatus,
  type TransferStockRequest,
  type UndoMovementRequest,
  type UpdateItemRequest,
} from '@inventory/contracts';
import {
  Barcodes,
  ExpiryDate,
  ExpiryFilterField,
  LotName,
  OptionalText,
  RequiredPattern,
  RequiredText,
  ScannedCode,
  WholeNumber,
} from '@inventory/platform';
import { IsDefined, IsIn, IsOptional, Matches, ValidateIf } from 'class-validator';

/** Our own uploads (/api/images/…) or an http(s) address. */
const IMAGE_URL_PATTERN = /^(https?:\/\/\S+|\/api\/images\/[\w.-]+)$/;
const ID_MAX_LENGTH = 100;

const Id = (message: string) => RequiredText(ID_MAX_LENGTH, { required: message, tooLong: message });
const OptionalId = () => OptionalText(ID_MAX_LENGTH, M.idInvalid);
const Name = () => RequiredText(ITEM_NAME_MAX_LENGTH, { required: M.nameRequired, tooLong: M.nameTooLong });
const Price = () => RequiredPattern(UNIT_PRICE_PATTERN, { required: M.unitPriceRequired, invalid: M.unitPriceInvalid });
const Reason = () => RequiredText(MOVEMENT_REASON_MAX_LENGTH, { required: M.reasonRequired, tooLong: M.reasonTooLong });

export class ItemIdDto implements ItemRef {
  @Id(M.itemNotFound)
  id: string;
}

export class ListItemsDto implements ListItemsQuery {
  @OptionalText(ITEM_NAME_MAX_LENGTH, 'Search must be text of at most 200 characters')
  search?: string;

  @IsOptional()
  @IsIn(STOCK_STATUSES, { message: M.statusInvalid })
  status?: StockStatus;

  @OptionalId()
  categoryId?: string;

  @OptionalId()
  locationId?: string;

  @ExpiryFilterField()
  expiry?: ExpiryFilter;

  @IsOptional()
  @WholeNumber(1, MAX_ITEMS_PAGE, `limit must be a whole number from 1 to ${MAX_ITEMS_PAGE}`)
  limit?: number;

  @IsOptional()
  @WholeNumber(0, Number.MAX_SAFE_INTEGER, 'offset must be a whole number of 0 or more')
  offset?: number;
}

export class CodeDto implements CodeRef {
  @ScannedCode()
  code: string;
}

class ItemFieldsDto {
  @OptionalText(ITEM_SKU_MAX_LENGTH, M.skuInvalid)
  sku?: string | null;

  @OptionalText(ITEM_DESCRIPTION_MAX_LENGTH, M.descriptionInvalid)
  description?: string | null;

  @OptionalId()
  categoryId?: string | null;

  @OptionalId()
  locationId?: string | null;

  @Matches(IMAGE_URL_PATTERN, { message: M.imageUrlInvalid })
  @OptionalText(IMAGE_URL_MAX_LENGTH, M.imageUrlInvalid)
  imageUrl?: string | null;

  @Barcodes()
  barcodes?: string[];
}

export class RegisterItemDto extends ItemFieldsDto implements RegisterItemRequest {
  @LotName()
  lot?: string | null;

  @ExpiryDate()
  expiresOn?: string | null;

  @Name()
  name: string;

  @Price()
  unitPrice: string;

  @IsOptional()
  @WholeNumber(0, MAX_STOCK, M.initialStockInvalid)
  currentStock?: number;

  @IsOptional()
  @WholeNumber(0, MAX_STOCK, M.reorderLevelInvalid)
  reorderLevel?: number;
}

export class UpdateItemDto extends ItemFieldsDto implements ItemRef, UpdateItemRequest {
  @Id(M.itemNotFound)
  id: string;

  // Left out keeps the value; anything given, null included, must be valid.
  @ValidateIf((dto: UpdateItemDto) => dto.name !== undefined)
  @Name()
  name?: string;

  @ValidateIf((dto: UpdateItemDto) => dto.unitPrice !== undefined)
  @Price()
  unitPrice?: string;

  @IsOptional()
  @WholeNumber(0, MAX_STOCK, M.reorderLevelInvalid)
  reorderLevel?: number;
}

export class RecordMovementDto implements ItemRef, RecordMovementRequest {
  @Id(M.itemNotFound)
  id: string;

  // 0 passes here for adjustments; the decider refuses it for in and out.
  @WholeNumber(0, MAX_STOCK, M.quantityInvalid)
  @IsDefined({ message: M.quantityRequired })
  quantity: number;

  @IsIn(MOVEMENT_TYPES, { message: M.movementTypeInvalid })
  movementType: MovementType;

  @Reason()
  reason: string;

  @OptionalId()
  locationId?: string | null;

  @LotName()
  lot?: string | null;

  @ExpiryDate()
  expiresOn?: string | null;
}

export class TransferStockDto implements ItemRef, TransferStockRequest {
  @Id(M.itemNotFound)
  id: string;

  @WholeNumber(1, MAX_STOCK, M.quantityInvalid)
  @IsDefined({ message: M.quantityRequired })
  quantity: number;

  @Reason()
  reason: string;

  @OptionalId()
  fromLocationId: string | null;

  @OptionalId()
  toLocationId: string | null;

  @LotName()
  lot?: string | null;
}

export class UndoMovementDto implements ItemRef, UndoMovementRequest {
  @Id(M.itemNotFound)
  id: string;

  @Id(M.movementNotFound)
  movementId: string;

  @OptionalText(MOVEMENT_REASON_MAX_LENGTH, M.reasonTooLong)
  reason?: string;
}

export class ListMovementsDto implements ItemRef, ListMovementsQuery {
  @Id(M.itemNotFound)
  id: string;

  @IsOptional()
  @WholeNumber(1, MAX_MOVEMENTS_PAGE, `limit must be a whole number from 1 to ${MAX_MOVEMENTS_PAGE}`)
  limit?: number;

  @OptionalText(ID_MAX_LENGTH, M.movementNotFound)
  before?: string;
}
