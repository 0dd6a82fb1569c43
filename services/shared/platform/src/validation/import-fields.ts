import { IMPORT_MODES, ImportMessages, type ImportMapping, type ImportMode } from '@inventory/contracts';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsObject, ValidateNested } from 'class-validator';
import { OptionalText } from './text.js';

/* The import request fields, written once for the gateway's and the inventory service's DTOs. */

/** Longest column header a mapping may name. */
const COLUMN_MAX_LENGTH = 500;
const Column = () => OptionalText(COLUMN_MAX_LENGTH, `Columns are named by text of at most ${COLUMN_MAX_LENGTH} characters`);

/** Field → column header; a field left out (or null) is not imported. Unknown fields are refused. */
export class ImportMappingDto implements ImportMapping {
  @Column() name?: string | null;
  @Column() sku?: string | null;
  @Column() description?: string | null;
  @Column() category?: string | null;
  @Column() location?: string | null;
  @Column() quantity?: string | null;
  @Column() unitPrice?: string | null;
  @Column() reorderLevel?: string | null;
  @Column() barcodes?: string | null;
}

export function ImportMappingField(): PropertyDecorator {
  return (target, key) => {
    IsDefined({ message: ImportMessages.nameUnmapped })(target, key);
    IsObject({ message: ImportMessages.nameUnmapped })(target, key);
    ValidateNested()(target, key);
    Type(() => ImportMappingDto)(target, key);
  };
}

export function ImportModeField(): PropertyDecorator {
  return (target, key) => {
    IsDefined({ message: ImportMessages.modeInvalid })(target, key);
    IsIn(IMPORT_MODES as ImportMode[], { message: ImportMessages.modeInvalid })(target, key);
  };
}
