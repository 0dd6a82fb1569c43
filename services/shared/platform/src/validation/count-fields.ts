import { CountMessages as M, InventoryMessages, MAX_STOCK } from '@inventory/contracts';
import { IsBoolean, IsDefined, IsOptional } from 'class-validator';
import { ID_MAX_LENGTH, WholeNumber } from './fields.js';
import { OptionalText } from './text.js';

/* The stock count request fields (docs/counts.md), written once for the gateway's and inventory's DTOs. */

/** The place or category a count covers: optional; blank or null is none (for a place: the stock kept at no place). */
export const CountScopeId = (): PropertyDecorator => OptionalText(ID_MAX_LENGTH, InventoryMessages.idInvalid);

/** A counted quantity: a whole number from 0 to the most an item may hold. */
export function CountedQuantity(): PropertyDecorator {
  return (target, key) => {
    IsDefined({ message: M.countedInvalid })(target, key);
    WholeNumber(0, MAX_STOCK, M.countedInvalid)(target, key);
  };
}

/** Apply even items that moved since they were counted: true or false, absent is false. */
export function CountOverride(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsBoolean({ message: M.overrideInvalid })(target, key);
  };
}
