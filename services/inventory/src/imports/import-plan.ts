import { CodeMessages, ImportMessages as M, type ImportMode, type ImportRowError } from '@inventory/contracts';
import { sameDetail, type DetailChanges, type ItemState } from '../items/domain/item.js';
import { quantityAt, totalOf } from '../items/domain/stock.js';
import type { ImportedFields, ParsedRow } from './import-rows.js';

/** What the workspace already holds that rows refer to, by lower-case SKU or name. */
export interface WorkspaceLookups {
  itemsBySku: Map<string, ItemState>;
  /** The active item that has each of the rows' barcodes, if one has. */
  barcodeOwners: Map<string, string>;
  categories: Map<string, string>;
  locations: Map<string, string>;
}

/** What an item's row changes: only what differs from the item as it is. */
export interface ItemChanges {
  details: DetailChanges;
  reorderLevel?: number;
  /** The new level at `locationId` that brings the item's total to the file's quantity. */
  stock?: { locationId: string | null; newLevel: number };
}

export type RowPlan =
  | { row: number; kind: 'invalid'; errors: ImportRowError[] }
  | { row: number; kind: 'create'; fields: ImportedFields }
  | { row: number; kind: 'update'; fields: ImportedFields; item: ItemState; changes: ItemChanges }
  | { row: number; kind: 'unchanged'; item: ItemState };

export const lowerKey = (text: string) => text.toLocaleLowerCase('en-US');

/** Keys of what a file may hold once only, and the row that first had each: SKUs and barcodes. */
export interface SeenInFile {
  get(key: string): number | undefined;
  set(key: string, row: number): void;
}

/**
 * What one chunk adds to the keys of the chunks before it, kept apart until the chunk commits: a
 * chunk that does not commit leaves `committed` as it was, without copying it for every chunk.
 */
export function chunkSeen(committed: Map<string, number>): { seen: SeenInFile; keep: () => void } {
  const added = new Map<string, number>();
  const seen: SeenInFile = {
    get: (key) => added.get(key) ?? committed.get(key),
    set: (key, row) => void added.set(key, row),
  };
  return { seen, keep: () => added.forEach((row, key) => committed.set(key, row)) };
}
const skuKey = (sku: string) => `sku:${lowerKey(sku)}`;
const barcodeKey = (barcode: string) => `barcode:${barcode}`;

/**
 * Decides each row against the workspace: in 'upsert' a row whose SKU an active item has updates it,
 * any other valid row creates an item; a SKU or barcode seen earlier in the file, a SKU (in 'create')
 * already taken or a barcode another item has is an error. `seen` carries the SKUs and barcodes of
 * earlier chunks of the same file.
 */
export function planRows(rows: ParsedRow[], mode: ImportMode, lookups: WorkspaceLookups, seen: SeenInFile): RowPlan[] {
  return rows.map((parsed): RowPlan => {
    if (parsed.errors) return { row: parsed.row, kind: 'invalid', errors: parsed.errors };
    const { row, fields } = parsed;
    const invalid = (message: string): RowPlan => ({ row, kind: 'invalid', errors: [{ row, column: null, message }] });
    if (fields.sku !== undefined) {
      const first = seen.get(skuKey(fields.sku));
      if (first !== undefined) return invalid(M.skuTwiceInFile(first));
      seen.set(skuKey(fields.sku), row);
    }
    for (const barcode of fields.barcodes ?? []) {
      const first = seen.get(barcodeKey(barcode));
      if (first !== undefined) return invalid(M.barcodeTwiceInFile(barcode, first));
    }
    const existing = fields.sku === undefined ? undefined : lookups.itemsBySku.get(lowerKey(fields.sku));
    const taken = fields.barcodes?.find((barcode) => {
      const owner = lookups.barcodeOwners.get(barcode);
      return owner !== undefined && owner !== existing?.itemId;
    });
    if (taken !== undefined) return invalid(CodeMessages.barcodeTaken(taken));
    for (const barcode of fields.barcodes ?? []) seen.set(barcodeKey(barcode), row);
    if (!existing) return { row, kind: 'create', fields };
    if (mode === 'create') return invalid(M.skuTaken);
    const changes = changesOf(existing, fields, lookups);
    if (typeof changes === 'string') return { row, kind: 'invalid', errors: [{ row, column: null, message: changes }] };
    const unchanged = Object.keys(changes.details).length === 0 && changes.reorderLevel === undefined && !changes.stock;
    return unchanged ? { row, kind: 'unchanged', item: existing } : { row, kind: 'update', fields, item: existing, changes };
  });
}

/** A category or place named in the file that the workspace does not have yet (to be created). */
const NEW_REFERENCE = (name: string) => `new:${lowerKey(name)}`;
export const isNewReference = (id: string) => id.startsWith('new:');

export const referenceId = (names: Map<string, string>, name: string | undefined): string | null | undefined =>
  name === undefined ? undefined : (names.get(lowerKey(name)) ?? NEW_REFERENCE(name));

/** The changes a row asks of an existing item, or why it cannot make them. */
function changesOf(item: ItemState, fields: ImportedFields, lookups: WorkspaceLookups): ItemChanges | string {
  const wanted: DetailChanges = {
    name: fields.name,
    description: fields.description,
    unitPrice: fields.unitPrice,
    categoryId: referenceId(lookups.categories, fields.category),
    locationId: referenceId(lookups.locations, fields.location),
    barcodes: fields.barcodes,
  };
  const details = Object.fromEntries(
    Object.entries(wanted).filter(([key, value]) => value !== undefined && !sameDetail(value, item.details[key as keyof DetailChanges])),
  ) as DetailChanges;
  const changes: ItemChanges = { details };
  if (fields.reorderLevel !== undefined && fields.reorderLevel !== item.reorderLevel) changes.reorderLevel = fields.reorderLevel;
  const total = totalOf(item.stock);
  if (fields.quantity !== undefined && fields.quantity !== total) {
    // The difference is taken at the item's own place (where its stock usually is; an import never
    // moves stock), else at the row's place.
    const locationId = (item.details.locationId ?? wanted.locationId ?? null) as string | null;
    const here = quantityAt(item.stock, locationId);
    const newLevel = here + fields.quantity - total;
    if (newLevel < 0) return M.quantityBelowOtherPlaces(total - here);
    changes.stock = { locationId, newLevel };
  }
  return changes;
}

/** The names of categories and places rows would create, each once, as first written. */
export function newReferenceNames(plans: RowPlan[], lookups: WorkspaceLookups): { categories: string[]; locations: string[] } {
  const categories = new Map<string, string>();
  const locations = new Map<string, string>();
  for (const plan of plans) {
    if (plan.kind !== 'create' && plan.kind !== 'update') continue;
    const { category, location } = plan.fields;
    if (category !== undefined && !lookups.categories.has(lowerKey(category))) categories.set(lowerKey(category), category);
    if (location !== undefined && !lookups.locations.has(lowerKey(location))) locations.set(lowerKey(location), location);
  }
  return { categories: [...categories.values()], locations: [...locations.values()] };
}
