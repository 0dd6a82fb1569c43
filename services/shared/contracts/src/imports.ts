import type { LocationQuantity } from './inventory-events.js';
import type { TimelineEntryType } from './inventory.js';

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
  /**
   * The categories and places a previewed import names that the workspace lacks: the gateway
   * creates them (as the user, through their services) before it commits the import.
   */
  references: 'inventory.imports.references',
  /** A page of an import's row errors (the latest preview's, or the run's), for the errors CSV. */
  errors: 'inventory.imports.errors',
} as const;

/**
 * The full export (docs/import-export.md): the gateway asks for one page after another and writes
 * each to the HTTP answer as it comes, so no part holds the whole file.
 */
export const ExportSubjects = {
  /** A page of the workspace's active items with their stock per place, oldest first (keyset). */
  items: 'inventory.export.items',
  /** A page of the workspace's movements in a period, oldest first (keyset). */
  movements: 'inventory.export.movements',
} as const;

/** Rows the gateway asks for per export page. */
export const EXPORT_PAGE_ROWS = 2_000;
/** A page ends earlier when its rows reach this much JSON: it travels as one NATS message (1 MiB at most). */
export const EXPORT_PAGE_MAX_BYTES = 768 * 1024;

/** Plain NATS publishes from the inventory worker, heard by every gateway. */
export const ImportNotificationSubjects = {
  progress: 'inventory.imports.progress',
} as const;

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
/** Rows shown from the file on upload, and row errors listed in a preview's answer. */
export const IMPORT_SAMPLE_ROWS = 20;
export const IMPORT_PREVIEW_ERRORS = 500;
export const IMPORT_PAGE_SIZE_MAX = 5_000;

/** The item fields a column can be mapped to, in the order of our export's columns. */
export const IMPORT_FIELDS = [
  'name',
  'sku',
  'description',
  'category',
  'location',
  'quantity',
  'unitPrice',
  'reorderLevel',
  'barcodes',
] as const;
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
  barcodes: 'Barcodes',
};

/** An item's barcodes in one cell: `4006381333931, BOX-12`; a file may separate them with ; or line breaks too. */
export const barcodesCell = (barcodes: readonly string[]) => barcodes.join(', ');
export const barcodesOfCell = (text: string) =>
  text
    .split(/[,;\r\n]/)
    .map((barcode) => barcode.trim())
    .filter(Boolean);
/** The export's extra column per place: `Stock @ Main warehouse`. The importer suggests no field for them. */
export const STOCK_COLUMN_PREFIX = 'Stock @ ';
/** Stock kept at no place: its export column (`Stock @ (no place)`, only when there is some) and a transfer's end. */
export const NO_PLACE_LABEL = '(no place)';
export const MOVEMENT_EXPORT_HEADERS = ['Date', 'Item', 'SKU', 'Type', 'Quantity', 'Location', 'Reason', 'Stock after', 'By'] as const;

/** Column (by its header, made unique) chosen for each field; a field left out is not imported. */
export type ImportMapping = Partial<Record<ImportField, string | null>>;
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
  uploadExpired: 'The uploaded file was kept for a day and has expired: upload it again to import it',
  nameUnmapped: 'Choose the column that holds the item name',
  unknownColumn: 'The mapping names a column that is not in the file',
  modeInvalid: "Mode must be 'create' or 'upsert'",
  skuUnmappedForUpsert: 'Updating existing items matches them by SKU: choose the column that holds the SKU',
  notPreviewed: 'Preview the import before starting it',
  alreadyStarted: 'This import has already been started',
  notUndoable: 'Only a finished import can be undone',
  changedSince: (count: number, example: string) =>
    `${count} ${count === 1 ? 'item has' : 'items have'} changed since this import (e.g. '${example}'); the import cannot be undone`,
  skuTwiceInFile: (row: number) => `The same SKU is already in row ${row}`,
  barcodeTwiceInFile: (barcode: string, row: number) => `The barcode ${barcode} is already in row ${row}`,
  quantityBelowOtherPlaces: (elsewhere: number) =>
    `Quantity is less than the ${elsewhere} held at other places; move or remove that stock first`,
  undoOthersForbidden: 'You can undo only the imports you made',
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

/** Names of categories and places to create before a run. */
export interface ImportReferences {
  categories: string[];
  locations: string[];
}

export interface ImportErrorsPageRequest {
  id: string;
  /** Row number to continue after (keyset); 0 for the first page. */
  afterRow: number;
  limit: number;
}

export interface ExportItemsPageRequest {
  /** The previous page's `next`; absent for the first page. */
  after?: string;
  limit: number;
}

/** An item as the export writes it: names, not ids, as the importer reads them. */
export interface ExportItemRow {
  name: string;
  sku: string | null;
  description: string | null;
  category: string | null;
  /** The item's own place. */
  location: string | null;
  /** Total stock. */
  quantity: number;
  /** decimal(10,2) as a string, e.g. "19.99". */
  unitPrice: string;
  reorderLevel: number;
  /** The item's barcodes as one cell (barcodesCell). */
  barcodes: string;
  /** Stock per place (locationId null: kept at no place); places with none are left out. */
  stock: LocationQuantity[];
}

export interface ExportPlace {
  id: string;
  name: string;
}

export interface ExportItemsPage {
  rows: ExportItemRow[];
  /**
   * First page only: the columns of stock per place, fixed for the whole export. Every place of the
   * workspace by name, and whether any item keeps stock at no place.
   */
  stockColumns?: { places: ExportPlace[]; noPlace: boolean };
  /** The cursor of the next page; null after the last one. */
  next: string | null;
}

export interface ExportMovementsPageRequest {
  /** REPORT_DATE_PATTERN: a day (from its start, UTC) or an instant; absent: from the first movement. */
  from?: string;
  /** A day (through its end, UTC) or an instant; absent: up to now. */
  to?: string;
  /** The previous page's `next`; absent for the first page. */
  after?: string;
  limit: number;
}

/** A movement as the item's timeline shows it (MovementEntry), with the item's and places' names. */
export interface ExportMovementRow {
  /** ISO 8601 time. */
  occurredAt: string;
  itemName: string;
  sku: string | null;
  type: TimelineEntryType;
  /** As in MovementEntry: the amount moved; for an adjustment the new level. */
  quantity: number;
  location: string | null;
  /** A transfer's destination. */
  toLocation: string | null;
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
  [ImportSubjects.references]: { request: ImportRef; response: ImportReferences };
  [ImportSubjects.errors]: { request: ImportErrorsPageRequest; response: { errors: ImportRowError[]; next: number | null } };
  [ExportSubjects.items]: { request: ExportItemsPageRequest; response: ExportItemsPage };
  [ExportSubjects.movements]: { request: ExportMovementsPageRequest; response: ExportMovementsPage };
}
