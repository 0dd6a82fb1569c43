import { BARCODE_MAX_LENGTH, CODE_LOOKUP_MAX_LENGTH, CodeMessages as M, MAX_BARCODES_PER_ITEM } from '@inventory/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { RequiredText } from './text.js';

/* An item's barcodes and a scanned code, written once for the gateway's and inventory's DTOs. */

/**
 * An item's barcodes: a list of different texts, each trimmed (a scanner may add a newline). Absent
 * keeps them as they are; null or [] removes them all.
 */
export function Barcodes(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(({ value }) =>
      value === null ? [] : Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value,
    )(target, key);
    IsArray({ message: M.barcodesInvalid })(target, key);
    ArrayMaxSize(MAX_BARCODES_PER_ITEM, { message: M.barcodesInvalid })(target, key);
    IsString({ each: true, message: M.barcodesInvalid })(target, key);
    IsNotEmpty({ each: true, message: M.barcodesInvalid })(target, key);
    MaxLength(BARCODE_MAX_LENGTH, { each: true, message: M.barcodesInvalid })(target, key);
    ArrayUnique({ message: M.barcodesInvalid })(target, key);
  };
}

/** A code to look up, as scanned or typed: a barcode or one of our short codes. */
export const ScannedCode = (): PropertyDecorator =>
  RequiredText(CODE_LOOKUP_MAX_LENGTH, { required: M.codeInvalid, tooLong: M.codeInvalid });
