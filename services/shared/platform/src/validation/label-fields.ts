import { InventoryMessages, LABEL_LAYOUTS, LabelMessages as M, MAX_LABELS } from '@inventory/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ID_MAX_LENGTH } from './fields.js';
import { OptionalText } from './text.js';

/* The label request fields (docs/scanning.md, "Labels"), written once for the gateway's and inventory's DTOs. */

/** `ids=a,b,c` as a query gives it (or repeated `ids=`), or a list as the service receives it: trimmed, blanks dropped. */
const idsOf = (value: unknown) =>
  typeof value === 'string' || Array.isArray(value)
    ? [value]
        .flat()
        .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
        .map((id) => (typeof id === 'string' ? id.trim() : id))
        .filter((id) => id !== '')
    : value;

/** The records to label, in print order: at most MAX_LABELS ids (a repeated id prints another copy). */
export function LabelIds(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(({ value }) => idsOf(value))(target, key);
    IsArray({ message: M.idsInvalid })(target, key);
    ArrayNotEmpty({ message: M.idsInvalid })(target, key);
    ArrayMaxSize(MAX_LABELS, { message: M.tooMany })(target, key);
    IsString({ each: true, message: M.idsInvalid })(target, key);
    IsNotEmpty({ each: true, message: M.idsInvalid })(target, key);
    MaxLength(ID_MAX_LENGTH, { each: true, message: M.idsInvalid })(target, key);
  };
}

/** The category or place whose active items are labelled. */
export const LabelScopeId = (): PropertyDecorator => OptionalText(ID_MAX_LENGTH, InventoryMessages.idInvalid);

/** One of the sheet layouts; absent is DEFAULT_LABEL_LAYOUT. */
export function LabelLayoutField(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsIn(LABEL_LAYOUTS, { message: M.layoutInvalid })(target, key);
  };
}
