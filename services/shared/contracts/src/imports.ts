/**
 * Bulk import and full export of a workspace's items (docs/import-export.md). Imports are owned by
 * the inventory service: the file sits in the S3 store, the slow work runs in its worker.
 */
export const ImportSubjects = {
  /** A file the gateway stored in the S3 store: read it, answer its columns and a sample. */
  create: 'inventory.imports.create',
  preview: 'inventory.imports.preview',
  commit: 'inventory.imports.commit',
  undo: 'inventory.imports.undo',
  get: 'inventory.imports.get',
  list: 'inventory.imports.list',
  /** A page of an import's row errors (the latest preview's, or the run's), for the errors CSV. */
  errors: 'inventory.imports.errors',
} as const;

export const ExportSubjects = {
  /** A page of the workspace's active items with stock per location, in id order (keyset). */
  items: 'inventory.export.items',
  /** A page of the workspace's movements in a period, oldest first (keyset). */
  movements: 'inventory.export.movements',
} as const;

/** Plain NATS publishes from the inventory worker, heard by every gateway. */
export const ImportNotificationSubjects = {
  progress: 'inventory.notifications.importProgress',
} as const;

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
/** Rows shown from the file on upload, and row errors listed in a preview's answer. */
export const IMPORT_SAMPLE_ROWS = 20;
export const IMPORT_PREVIEW_ERRORS = 500;
export const IMPORT_PAGE_SIZE_MAX = 5_000;

/** The item fields a column can be mapped to, in the order of our export's columns. */
export const IMPORT_FIELDS = ['name', 'sku', 'description', 'category', 'location', 'quantity', 'unitPrice', 'reorderLevel'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Our export's headers: an export imports back unchanged. */
export const ITEM_EXPORT_HEADERS: Record<ImportField, string> = {
  name: 'Name',
  sku: 'SKU',
  description: 'Description',
  category: 'Category',
  location: 'Location',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  reorderLevel: 'Reorder level',
};
/** The export's extra column per place: `Stock @ Main warehouse`. The importer suggests no field for them. */
export const STOCK_COLUMN_PREFIX = 'Stock @ ';
export const MOVEMENT_EXPORT_HEADERS = ['Date', 'Item', 'SKU', 'Type', 'Quantity', 'Location', 'Reason', 'Stock after', 'By'] as const;

/** Column (by its header, made unique) chosen for each field; a field left out is not imported. */
export type ImportMapping = Partial<Record<ImportField, string>>;
export type ImportMode = 'create' | 'upsert';
export const IMPORT_MODES: readonly ImportMode[] = ['create', 'upsert'];

export type ImportStatus = 'uploaded' | 'previewed' | 'running' | 'done' | 'failed' | 'undoing' | 'undone';

export const ImportMessages = {
  fileRequired: 'Please choose a CSV or Excel (.xlsx) file',
  fileType: 'Please choose a CSV or Excel (.xlsx) file',
  fileTooLarge: 'The file is larger than 50 MB',
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows`,
  empty: 'The file has no rows to import',
  unreadable: 'The file could not be read as CSV or Excel (.xlsx)',
  xlsxTooLarge: 'The Excel file unpacks to more than we can read; save it as CSV instead',
  notFound: 'Import not found',
  nameUnmapped: 'Choose the column that holds the item name',
  unknownColumn: 'The mapping names a column that is not in the file',
  modeInvalid: "Mode must be 'create' or 'upsert'",
  skuUnmappedForUpsert: 'Updating existing items matches them by SKU: choose the column that holds the SKU',
  notPreviewed: 'Preview the import before starting it',
  alreadyStarted: 'This import has already been started',
  notUndoable: 'Only a finished import can be undone',
  changedSince: (count: number, example: string) =>
    `${count} ${count === 1 ? 'item has' : 'items have'} changed since this import (e.g. '${example}'); the import cannot be undone`,
  skuTwiceInFile: (row: number) => `SKU appears again in row ${row}`,
  skuTaken: 'An item with this SKU already exists',
  storeUnavailable: 'The file store is unavailable; please try again',
} as const;

/** An uploaded file, read: its columns and first rows. */
export interface ImportUpload {
  id: string;
  fileName: string;
  columns: string[];
  sampleRows: string[][];
  rowCount: number;
  suggestedMapping: ImportMapping;
}

export interface ImportRowError {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  column: string | null;
  message: string;
}

export interface ImportPreviewRequest {
  id: string;
  mapping: ImportMapping;
  mode: ImportMode;
}

export interface ImportPreview {
  toCreate: number;
  toUpdate: number;
  unchanged: number;
  invalid: number;
  errors: ImportRowError[];
  newCategories: string[];
  newLocations: string[];
}

export interface ImportView {
  id: string;
  fileName: string;
  status: ImportStatus;
  mode: ImportMode | null;
  /** Rows in the file. */
  total: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: number;
  createdBy: { id: string; name: string | null };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why a run failed, for a failed import. */
  failure: string | null;
}

export interface ImportCreateRequest {
  id: string;
  fileName: string;
  /** The S3 key the gateway stored the file under. */
  objectKey: string;
  size: number;
}

export interface ImportRef {
  id: string;
}

export interface ImportErrorsPageRequest {
  id: string;
  /** Row number to continue after (keyset); 0 for the first page. */
  afterRow: number;
  limit: number;
}

export interface ExportItemsPageRequest {
  /** Item id to continue after (keyset); absent for the first page. */
  after?: string;
  limit: number;
}

export interface ExportItemRow {
  id: string;
  name: string;
  sku: string | null;
  description: string | null;
  category: string | null;
  location: string | null;
  quantity: number;
  unitPrice: string;
  reorderLevel: number;
  /** Stock per place name ('' for stock kept at no place). */
  stockByLocation: Record<string, number>;
}

export interface ExportItemsPage {
  rows: ExportItemRow[];
  /** Every place name of the workspace, for the export's columns (on the first page only). */
  locations?: string[];
  next: string | null;
}

export interface ExportMovementsPageRequest {
  from?: string;
  to?: string;
  /** Opaque cursor from the previous page. */
  after?: string;
  limit: number;
}

export interface ExportMovementRow {
  occurredAt: string;
  itemName: string;
  sku: string | null;
  type: string;
  quantity: number;
  location: string | null;
  reason: string;
  stockAfter: number;
  userName: string | null;
}

export interface ExportMovementsPage {
  rows: ExportMovementRow[];
  next: string | null;
}

/** The worker's word that an import moved on. */
export interface ImportProgressNotification {
  workspaceId: string;
  import: ImportView;
}

export interface ImportsRpc {
  [ImportSubjects.create]: { request: ImportCreateRequest; response: ImportUpload };
  [ImportSubjects.preview]: { request: ImportPreviewRequest; response: ImportPreview };
  [ImportSubjects.commit]: { request: ImportRef; response: ImportView };
  [ImportSubjects.undo]: { request: ImportRef; response: ImportView };
  [ImportSubjects.get]: { request: ImportRef; response: ImportView };
  [ImportSubjects.list]: { request: void; response: ImportView[] };
  [ImportSubjects.errors]: { request: ImportErrorsPageRequest; response: { errors: ImportRowError[]; next: number | null } };
  [ExportSubjects.items]: { request: ExportItemsPageRequest; response: ExportItemsPage };
  [ExportSubjects.movements]: { request: ExportMovementsPageRequest; response: ExportMovementsPage };
}
