import type { ItemSort, SortOrder } from '../../../api/inventory';

/* The inventory table's choices, kept by the page (the table itself loads on demand: ItemTable). */

/** The columns one may show or hide; the name and the actions are always there. */
export const OPTIONAL_COLUMNS = [
  { key: 'sku', title: 'SKU' },
  { key: 'category', title: 'Category' },
  { key: 'location', title: 'Location' },
  { key: 'currentStock', title: 'Stock' },
  { key: 'reorderLevel', title: 'Reorder level' },
  { key: 'status', title: 'Status' },
  { key: 'unitPrice', title: 'Unit price' },
  { key: 'value', title: 'Value' },
  { key: 'expiry', title: 'Expiry' },
  { key: 'createdAt', title: 'Added' },
] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number]['key'];
export const DEFAULT_COLUMNS: OptionalColumn[] = [
  'sku',
  'category',
  'location',
  'currentStock',
  'reorderLevel',
  'status',
  'unitPrice',
  'value',
];
export const isColumnList = (value: unknown): value is OptionalColumn[] =>
  Array.isArray(value) && value.every((key) => OPTIONAL_COLUMNS.some((column) => column.key === key));

/** The table's sort: none is newest first. */
export interface TableSort {
  sort?: ItemSort;
  order?: SortOrder;
}
