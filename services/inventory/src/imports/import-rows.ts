import {
  CATEGORY_NAME_MAX_LENGTH,
  CategoryMessages,
  IMPORT_FIELDS,
  ImportMessages as M,
  LOCATION_NAME_MAX_LENGTH,
  LocationMessages,
  type ImportField,
  type ImportMapping,
  type ImportMode,
  type ImportRowError,
  barcodesOfCell,
  unescapeFormula,
} from '@inventory/contracts';
import { ServiceError, unsafeInputReason } from '@inventory/platform';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { RegisterItemDto } from '../items/items.dto.js';

/**
 * What a file's row says about an item, checked with the item rules of the API itself
 * (RegisterItemDto): a blank cell says nothing (a new item gets the default, an existing one keeps
 * its value); a row without a name is refused.
 */
export interface ImportedFields {
  name: string;
  sku?: string;
  description?: string;
  category?: string;
  location?: string;
  quantity?: number;
  unitPrice?: string;
  reorderLevel?: number;
  /** The item's whole list of barcodes (a blank cell keeps an existing item's). */
  barcodes?: string[];
}

export type ParsedRow = { row: number; fields: ImportedFields; errors?: undefined } | { row: number; errors: ImportRowError[] };

/** Header words, lower case without spaces or punctuation, that suggest each field. */
const SYNONYMS: Record<ImportField, string[]> = {
  name: ['name', 'itemname', 'item', 'title', 'product', 'productname', 'article'],
  sku: ['sku', 'code', 'itemcode', 'productcode', 'partnumber', 'partno', 'part', 'articlenumber', 'ref', 'reference'],
  description: ['description', 'notes', 'details', 'desc'],
  category: ['category', 'categories', 'group', 'type'],
  location: ['location', 'place', 'bin', 'warehouse', 'storage', 'shelf', 'site'],
  quantity: ['quantity', 'qty', 'stock', 'onhand', 'quantityonhand', 'instock', 'currentstock', 'count', 'units'],
  unitPrice: ['unitprice', 'price', 'cost', 'unitcost', 'priceperunit', 'costperunit'],
  reorderLevel: ['reorderlevel', 'reorder', 'reorderpoint', 'min', 'minimum', 'minstock', 'minimumstock', 'minqty', 'par'],
  barcodes: ['barcodes', 'barcode', 'ean', 'ean13', 'upc', 'gtin', 'upcean', 'eanupc'],
};

const headerWord = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The column each field most likely comes from: our own export's headers and the usual names. */
export function suggestMapping(columns: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const column = columns.find((c) => !taken.has(c) && SYNONYMS[field].includes(headerWord(c)));
    if (column) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

/** Each mapped field's column position; refuses a mapping the file cannot satisfy. */
export function columnPositions(columns: string[], mapping: ImportMapping, mode: ImportMode): Partial<Record<ImportField, number>> {
  if (!mapping.name) throw new ServiceError('VALIDATION', M.nameUnmapped);
  if (mode === 'upsert' && !mapping.sku) throw new ServiceError('VALIDATION', M.skuUnmappedForUpsert);
  const positions: Partial<Record<ImportField, number>> = {};
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined || column === null) continue;
    const at = columns.indexOf(column);
    if (at < 0) throw new ServiceError('VALIDATION', M.unknownColumn);
    positions[field] = at;
  }
  return positions;
}

/** The DTO property each field is checked as. */
const DTO_PROPERTY: Partial<Record<ImportField, keyof RegisterItemDto>> = {
  name: 'name',
  sku: 'sku',
  description: 'description',
  quantity: 'currentStock',
  unitPrice: 'unitPrice',
  reorderLevel: 'reorderLevel',
  barcodes: 'barcodes',
};

/** Reads one data row (`row` is its number as a spreadsheet shows it) with the mapping's positions. */
export function parseRow(row: number, cells: string[], positions: Partial<Record<ImportField, number>>, mapping: ImportMapping): ParsedRow {
  const errors: ImportRowError[] = [];
  const text: Partial<Record<ImportField, string>> = {};
  for (const [field, at] of Object.entries(positions) as [ImportField, number][]) {
    // Our export escapes text that a spreadsheet would run as a formula; this takes it back.
    const value = unescapeFormula(cells[at].trim());
    if (value === '') continue;
    const unsafe = unsafeInputReason(value, mapping[field]!);
    if (unsafe) errors.push({ row, column: mapping[field]!, message: unsafe });
    else text[field] = value;
  }
  if (errors.length > 0) return { row, errors };
  const candidate = {
    name: text.name,
    sku: text.sku,
    description: text.description,
    // Only to check it: a new item without a price costs 0.00.
    unitPrice: text.unitPrice === undefined ? '0.00' : normalizedPrice(text.unitPrice),
    currentStock: text.quantity === undefined ? undefined : wholeNumber(text.quantity),
    reorderLevel: text.reorderLevel === undefined ? undefined : wholeNumber(text.reorderLevel),
    barcodes: text.barcodes === undefined ? undefined : barcodesOfCell(text.barcodes),
  };
  const dto = plainToInstance(RegisterItemDto, candidate);
  for (const error of validateSync(dto, { forbidUnknownValues: false })) {
    const field = (Object.keys(DTO_PROPERTY) as ImportField[]).find((f) => DTO_PROPERTY[f] === error.property)!;
    errors.push({ row, column: mapping[field] ?? null, message: Object.values(error.constraints ?? {})[0] ?? 'Invalid value' });
  }
  if (text.category !== undefined && text.category.length > CATEGORY_NAME_MAX_LENGTH)
    errors.push({ row, column: mapping.category!, message: CategoryMessages.nameTooLong });
  if (text.location !== undefined && text.location.length > LOCATION_NAME_MAX_LENGTH)
    errors.push({ row, column: mapping.location!, message: LocationMessages.nameTooLong });
  if (errors.length > 0) return { row, errors };
  return {
    row,
    fields: {
      name: dto.name,
      sku: dto.sku ?? undefined,
      description: dto.description ?? undefined,
      category: text.category,
      location: text.location,
      quantity: dto.currentStock,
      unitPrice: text.unitPrice === undefined ? undefined : twoDecimals(dto.unitPrice),
      reorderLevel: dto.reorderLevel,
      barcodes: dto.barcodes,
    },
  };
}

/**
 * A price as people type it in spreadsheets: a currency sign, thousands separators or a decimal
 * comma (from a semicolon CSV) are let through; anything else is left for the rules to refuse.
 */
export function normalizedPrice(text: string): string {
  let price = text.replace(/^[$€£¥\s]+|[$€£¥\s]+$/g, '').replace(/\s/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(price)) price = price.replace(/,/g, '');
  else if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(price)) price = price.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(price)) price = price.replace(',', '.');
  return price;
}

const twoDecimals = (price: string) => {
  const [whole, cents = ''] = price.split('.');
  return `${whole}.${cents.padEnd(2, '0')}`;
};

/** A count as spreadsheets write it ("12", "12.0", "1,200"); anything else stays not a whole number. */
export function wholeNumber(text: string): number {
  const plain = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text;
  return /^\d+(\.0+)?$/.test(plain) ? Number(plain) : Number.NaN;
}
