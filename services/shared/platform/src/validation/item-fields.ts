import {
  IMAGE_URL_MAX_LENGTH,
  ITEM_DESCRIPTION_MAX_LENGTH,
  ITEM_NAME_MAX_LENGTH,
  ITEM_SKU_MAX_LENGTH,
  ITEM_SORTS,
  InventoryMessages as M,
  MAX_STOCK,
  MOVEMENT_REASON_MAX_LENGTH,
  MOVEMENT_TYPES,
  STOCK_STATUSES,
  UNIT_PRICE_PATTERN,
} from '@inventory/contracts';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, Matches } from 'class-validator';
import { Cursor, ID_MAX_LENGTH, RequiredPattern, WholeNumber } from './fields.js';
import { OptionalText, RequiredText } from './text.js';

/* The item and movement request fields, written once for the gateway's and inventory's DTOs. */

/** Our own uploads (/api/images/…) or an http(s) address. */
const IMAGE_URL_PATTERN = /^(https?:\/\/\S+|\/api\/images\/[\w.-]+)$/;

/** The id of the item (or movement) a request is about: a missing or impossible one reads as not found. */
export const ItemRefId = (notFound: string): PropertyDecorator => RequiredText(ID_MAX_LENGTH, { required: notFound, tooLong: notFound });

/** A category or place an item or movement points at; blank or null is none. */
export const OptionalRefId = (): PropertyDecorator => OptionalText(ID_MAX_LENGTH, M.idInvalid);

export const ItemName = (): PropertyDecorator => RequiredText(ITEM_NAME_MAX_LENGTH, { required: M.nameRequired, tooLong: M.nameTooLong });

export const ItemSku = (): PropertyDecorator => OptionalText(ITEM_SKU_MAX_LENGTH, M.skuInvalid);

export const ItemDescription = (): PropertyDecorator => OptionalText(ITEM_DESCRIPTION_MAX_LENGTH, M.descriptionInvalid);

export function ItemImageUrl(): PropertyDecorator {
  return (target, key) => {
    Matches(IMAGE_URL_PATTERN, { message: M.imageUrlInvalid })(target, key);
    OptionalText(IMAGE_URL_MAX_LENGTH, M.imageUrlInvalid)(target, key);
  };
}

/** A decimal text with at most two decimals (the spec sends a string); a JSON number is taken as its decimal text. */
export function UnitPrice(): PropertyDecorator {
  return (target, key) => {
    RequiredPattern(UNIT_PRICE_PATTERN, { required: M.unitPriceRequired, invalid: M.unitPriceInvalid })(target, key);
    Transform(({ value }) => (typeof value === 'number' ? String(value) : value))(target, key);
  };
}

/** An optional stock level: a new item's opening stock or a reorder level. */
export function OptionalStockLevel(message: string): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    WholeNumber(0, MAX_STOCK, message)(target, key);
  };
}

/** How much a movement moves: 0 passes for adjustments (the decider refuses it for in and out); a transfer moves at least 1. */
export function MovedQuantity(min: 0 | 1): PropertyDecorator {
  return (target, key) => {
    WholeNumber(min, MAX_STOCK, M.quantityInvalid)(target, key);
    IsDefined({ message: M.quantityRequired })(target, key);
  };
}

export const MovementTypeField = (): PropertyDecorator => IsIn(MOVEMENT_TYPES, { message: M.movementTypeInvalid });

export const MovementReason = (): PropertyDecorator =>
  RequiredText(MOVEMENT_REASON_MAX_LENGTH, { required: M.reasonRequired, tooLong: M.reasonTooLong });

/** An undo's reason: optional ('Undo' when left out). */
export const UndoReason = (): PropertyDecorator => OptionalText(MOVEMENT_REASON_MAX_LENGTH, M.reasonTooLong);

/** The item list's search: a substring of the name or the SKU. */
export const ItemSearch = (): PropertyDecorator =>
  OptionalText(ITEM_NAME_MAX_LENGTH, `Search must be text of at most ${ITEM_NAME_MAX_LENGTH} characters`);

/** The item list's stock status filter; an empty query parameter is none. */
export function StockStatusFilter(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) => (value === '' ? undefined : value))(target, key);
    IsOptional()(target, key);
    IsIn(STOCK_STATUSES, { message: M.statusInvalid })(target, key);
  };
}

/** The item list's sort column (ITEM_SORTS); the direction is SortOrderField's. */
export function ItemSortField(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsIn(ITEM_SORTS, { message: M.sortInvalid })(target, key);
  };
}

/** A page's size, 1 to `max` (a query-string number). */
export function PageLimit(max: number): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Type(() => Number)(target, key);
    WholeNumber(1, max, `limit must be a whole number from 1 to ${max}`)(target, key);
  };
}

/** How many rows a page skips (a query-string number). */
export function PageOffset(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Type(() => Number)(target, key);
    WholeNumber(0, Number.MAX_SAFE_INTEGER, 'offset must be a whole number of 0 or more')(target, key);
  };
}

/** The item list's cursor: the page continues after the item it names, in the same order. */
export const ItemCursor = (): PropertyDecorator => Cursor(M.cursorInvalid);

/** The item history's cursor: the movement the page continues after. */
export const MovementCursor = (): PropertyDecorator => OptionalText(ID_MAX_LENGTH, M.movementNotFound);
