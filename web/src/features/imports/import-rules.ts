import type { ImportField } from '@inventory/contracts';
import type { ImportMode } from '../../api/imports';

// IMPORT_FIELDS, ITEM_EXPORT_HEADERS, MAX_IMPORT_BYTES, IMPORT_PREVIEW_ERRORS and the ImportMessages below are the
// contracts' (imports.ts), copied: the web imports only types from there. The server checks the
// same rules and answers with the same words; import-rules.spec.ts holds the copies to the originals.

/** The item fields a column can be mapped to, in the order of our export's columns. */
export const IMPORT_FIELDS: readonly ImportField[] = [
  'name',
  'sku',
  'description',
  'category',
  'location',
  'quantity',
  'unitPrice',
  'reorderLevel',
  'barcodes',
];

/** Our export's headers: also the mapping step's labels and the template's columns. */
export const ITEM_EXPORT_HEADERS: Record<ImportField, string> = {
  name: 'Name',
  sku: 'SKU',
  description: 'Description',
  category: 'Category',
  location: 'Location',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  reorderLevel: 'Reorder level',
  barcodes: 'Barcodes',
};

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Row errors a preview lists; the errors CSV has them all. */
export const IMPORT_PREVIEW_ERRORS = 500;

export const ImportMessages = {
  fileType: 'Please choose a CSV or Excel (.xlsx) file',
  fileTooLarge: 'The file is larger than 50 MB',
  nameUnmapped: 'Choose the column that holds the item name',
  skuUnmappedForUpsert: 'Updating existing items matches them by SKU: choose the column that holds the SKU',
} as const;

/** The file types the upload accepts (the server reads the content again). */
export const IMPORT_ACCEPT = '.csv,.xlsx';
const IMPORT_EXTENSIONS = /\.(csv|xlsx)$/i;

/** Why a chosen file cannot be imported, before it is sent; null when it may be. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!IMPORT_EXTENSIONS.test(file.name)) return ImportMessages.fileType;
  if (file.size > MAX_IMPORT_BYTES) return ImportMessages.fileTooLarge;
  return null;
}

export const MODE_LABELS: Record<ImportMode, string> = {
  create: 'Add new items',
  upsert: 'Add new and update existing by SKU',
};
