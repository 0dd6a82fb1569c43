import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import {
  IMPORT_FIELDS,
  IMPORT_MODES,
  type ImportMode,
  type ImportPreview,
  type ImportPreviewRequest,
  type ImportRowError,
  type ImportStatus,
  type ImportUpload,
  type ImportView,
} from '@inventory/contracts';
import { ImportMappingDto, ImportMappingField, ImportModeField } from '@inventory/platform';

const mappingSchema: ApiPropertyOptions = {
  type: 'object',
  description: `Field → column header; a field left out or null is not imported. Fields: ${IMPORT_FIELDS.join(', ')}`,
  additionalProperties: { type: 'string', nullable: true },
  example: { name: 'Item Name', sku: 'Part number', quantity: 'Qty', unitPrice: 'Price' },
};

export class ImportFileDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: '.csv (any common delimiter and encoding) or .xlsx (first sheet), at most 50 MB',
  })
  file: unknown;
}

export class ImportUploadDto implements ImportUpload {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'stock.csv' }) fileName: string;
  @ApiProperty({ type: [String], example: ['Item Name', 'Part number', 'Qty', 'Price'] }) columns: string[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } }, description: 'The first 20 rows' })
  sampleRows: string[][];
  @ApiProperty({ type: 'integer', example: 1000 }) rowCount: number;
  @ApiProperty(mappingSchema) suggestedMapping: ImportMappingDto;
}

export class ImportPreviewBodyDto implements Omit<ImportPreviewRequest, 'id'> {
  @ApiProperty(mappingSchema)
  @ImportMappingField()
  mapping: ImportMappingDto;

  @ApiProperty({ enum: IMPORT_MODES, description: "'upsert' updates the items whose SKU matches and adds the rest" })
  @ImportModeField()
  mode: ImportMode;
}

export class ImportRowErrorDto implements ImportRowError {
  @ApiProperty({ type: 'integer', description: 'As a spreadsheet numbers it: the header is row 1' }) row: number;
  @ApiProperty({ type: 'string', nullable: true }) column: string | null;
  @ApiProperty() message: string;
}

export class ImportPreviewDto implements ImportPreview {
  @ApiProperty({ type: 'integer' }) toCreate: number;
  @ApiProperty({ type: 'integer' }) toUpdate: number;
  @ApiProperty({ type: 'integer' }) unchanged: number;
  @ApiProperty({ type: 'integer' }) invalid: number;
  @ApiProperty({ type: [ImportRowErrorDto], description: 'The first 500; all of them at GET /api/imports/{id}/errors.csv' })
  errors: ImportRowErrorDto[];
  @ApiProperty({ type: [String] }) newCategories: string[];
  @ApiProperty({ type: [String] }) newLocations: string[];
}

class ImportAuthorDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: 'string', nullable: true }) name: string | null;
}

export class ImportViewDto implements ImportView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ enum: ['uploaded', 'previewed', 'running', 'done', 'failed', 'undoing', 'undone'] }) status: ImportStatus;
  @ApiProperty({ type: String, enum: IMPORT_MODES, nullable: true }) mode: ImportMode | null;
  @ApiProperty({ type: 'integer', description: 'Rows in the file' }) total: number;
  @ApiProperty({ type: 'integer' }) processed: number;
  @ApiProperty({ type: 'integer' }) created: number;
  @ApiProperty({ type: 'integer' }) updated: number;
  @ApiProperty({ type: 'integer' }) unchanged: number;
  @ApiProperty({ type: 'integer' }) skipped: number;
  @ApiProperty({ type: 'integer', description: 'Rows with errors' }) errors: number;
  @ApiProperty({ type: ImportAuthorDto }) createdBy: ImportAuthorDto;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) startedAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) finishedAt: string | null;
  @ApiProperty({ type: 'string', nullable: true }) failure: string | null;
}
