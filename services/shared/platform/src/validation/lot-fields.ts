import { EXPIRY_FILTERS, InventoryMessages as M, LOT_MAX_LENGTH, MAX_EXPIRY_WARNING_DAYS } from '@inventory/contracts';
import { IsDefined, IsIn, IsOptional, ValidateBy } from 'class-validator';
import { WholeNumber } from './fields.js';
import { OptionalText } from './text.js';

/* Lot and expiry fields (docs/expiry.md), written once for the gateway's and inventory's DTOs. */

/** A lot's name: optional text; blank or null is "no lot". */
export const LotName = (): PropertyDecorator => OptionalText(LOT_MAX_LENGTH, M.lotInvalid);

/** A calendar date YYYY-MM-DD that exists (no 2027-02-30), between 1900 and 9999. */
export const isCalendarDate = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1900-01-01';
};

/** An optional expiry date: YYYY-MM-DD; null or absent is none. */
export function ExpiryDate(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    ValidateBy({ name: 'isCalendarDate', validator: { validate: isCalendarDate } }, { message: M.expiresOnInvalid })(target, key);
  };
}

/** The list's expiry filter: expiring or expired. */
export function ExpiryFilterField(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsIn(EXPIRY_FILTERS, { message: M.expiryFilterInvalid })(target, key);
  };
}

/** Days before expiry that a lot counts as expiring soon. */
export function ExpiryWarningDays(): PropertyDecorator {
  return (target, key) => {
    IsDefined({ message: M.expiryWarningDaysInvalid })(target, key);
    WholeNumber(0, MAX_EXPIRY_WARNING_DAYS, M.expiryWarningDaysInvalid)(target, key);
  };
}
