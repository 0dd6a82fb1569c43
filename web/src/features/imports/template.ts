import type { ImportField } from '@inventory/contracts';
import { IMPORT_FIELDS, ITEM_EXPORT_HEADERS } from './import-rules';

export const TEMPLATE_FILE_NAME = 'inventory-import-template.csv';

const EXAMPLE_ROWS: Record<ImportField, string>[] = [
  {
    name: 'Cordless Drill',
    sku: 'DRL-001',
    description: '18V, two batteries',
    category: 'Power Tools',
    location: 'Main warehouse',
    quantity: '10',
    unitPrice: '89.99',
    reorderLevel: '5',
    barcodes: '4006381333931',
  },
  {
    name: 'Safety Gloves',
    sku: 'GLV-010',
    description: 'Nitrile, size L',
    category: 'Safety',
    location: 'Shelf B',
    quantity: '200',
    unitPrice: '4.50',
    reorderLevel: '50',
    barcodes: '',
  },
];

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const line = (cells: string[]) => cells.map(cell).join(',');

/** Our export's columns and two example items: a file that imports as it is. */
export function templateCsv(): string {
  const rows = [
    IMPORT_FIELDS.map((field) => ITEM_EXPORT_HEADERS[field]),
    ...EXAMPLE_ROWS.map((row) => IMPORT_FIELDS.map((field) => row[field])),
  ];
  return `${rows.map(line).join('\r\n')}\r\n`;
}

/** The template as a link target: made in the browser, no server round trip. */
export const templateHref = () => `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`;
