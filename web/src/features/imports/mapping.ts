import type { ImportField } from '@inventory/contracts';
import type { ImportMapping, ImportPreview, ImportUpload } from '../../api/imports';
import { IMPORT_FIELDS } from './import-rules';

/** The mapping form's value for a field that is not imported (a Select needs a value to show it). */
export const NOT_IMPORTED = '';

export type MappingFormValues = Record<ImportField, string>;

/** The server's suggestion, keeping only columns the file has. */
export function initialMapping(upload: Pick<ImportUpload, 'columns' | 'suggestedMapping'>): ImportMapping {
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = upload.suggestedMapping[field];
    if (column && upload.columns.includes(column)) mapping[field] = column;
  }
  return mapping;
}

/** Every field of the form, the unmapped ones as 'Don't import'. */
export function toFormValues(mapping: ImportMapping): MappingFormValues {
  return Object.fromEntries(IMPORT_FIELDS.map((field) => [field, mapping[field] ?? NOT_IMPORTED])) as MappingFormValues;
}

/** The mapping the API takes: only the fields given a column. */
export function fromFormValues(values: Partial<MappingFormValues>): ImportMapping {
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = values[field];
    if (column) mapping[field] = column;
  }
  return mapping;
}

/** The first distinct, non-blank values of a column in the sample rows, to recognise it by. */
export function sampleValues(upload: Pick<ImportUpload, 'columns' | 'sampleRows'>, column: string, limit = 3): string[] {
  const index = upload.columns.indexOf(column);
  if (index < 0) return [];
  const values: string[] = [];
  for (const row of upload.sampleRows) {
    const value = row[index]?.trim();
    if (value && !values.includes(value)) values.push(value);
    if (values.length === limit) break;
  }
  return values;
}

/** The rows a run would write: new items and changed ones. */
export const rowsToImport = (preview: Pick<ImportPreview, 'toCreate' | 'toUpdate'>) => preview.toCreate + preview.toUpdate;
