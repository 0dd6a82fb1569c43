import { Injectable, Logger } from '@nestjs/common';
import {
  EXPORT_PAGE_ROWS,
  ExportSubjects,
  IMPORT_FIELDS,
  ITEM_EXPORT_HEADERS,
  MOVEMENT_EXPORT_HEADERS,
  NO_PLACE_LABEL,
  REPORT_CSV_HEADERS,
  REPORT_SLICE_MAX_ROWS,
  ReportingSubjects,
  STOCK_STATUS_LABELS,
  STOCK_COLUMN_PREFIX,
  type Actor,
  type ExportItemRow,
  type ExportItemsPage,
  type ExportMovementRow,
  type ExportMovementsPageRequest,
  type ImportField,
  type ReportPageQuery,
  type ReportRow,
} from '@inventory/contracts';
import { describeError } from '@inventory/platform';
import type { Response } from 'express';
import { InventoryClient, ReportingClient } from '../nats/service-clients.js';
import {
  isClientGone,
  SHEET_CONTENT_TYPES,
  writeSheet,
  type Cell,
  type CellKind,
  type Sheet,
  type SheetColumn,
  type SheetFormat,
} from './sheet-writers.js';

const ITEM_KINDS: Record<ImportField, CellKind> = {
  name: 'text',
  sku: 'text',
  description: 'text',
  category: 'text',
  location: 'text',
  quantity: 'integer',
  unitPrice: 'money',
  reorderLevel: 'integer',
  barcodes: 'text',
};

type MovementHeader = (typeof MOVEMENT_EXPORT_HEADERS)[number];

const MOVEMENT_KINDS: Record<MovementHeader, CellKind> = {
  Date: 'text',
  Item: 'text',
  SKU: 'text',
  Type: 'text',
  Quantity: 'integer',
  Location: 'text',
  Reason: 'text',
  'Stock after': 'integer',
  By: 'text',
};

const REPORT_KINDS: Record<(typeof REPORT_CSV_HEADERS)[number], CellKind> = {
  'Item Name': 'text',
  SKU: 'text',
  'Current Stock': 'integer',
  'Reorder Level': 'integer',
  'Unit Price': 'money',
  'Total Value': 'money',
  Status: 'text',
};

type Page<Row> = { rows: Row[]; next: string | null };

/**
 * The full export (docs/import-export.md): asks the inventory service for one keyset page after
 * another and streams each to the HTTP answer as it comes. The first page is asked for before any
 * byte is sent, so a refused request (a bad date) still answers with a status and `{ message }`.
 */
@Injectable()
export class ExportService {
  private readonly logger = new Logger('Export');

  constructor(
    private readonly inventory: InventoryClient,
    private readonly reporting: ReportingClient,
  ) {}

  async items(actor: Actor, format: SheetFormat, res: Response): Promise<void> {
    const page = (after?: string) => this.inventory.call(ExportSubjects.items, { after, limit: EXPORT_PAGE_ROWS }, actor);
    const first = await page();
    const { columns, cellsOf } = itemSheetOf(first);
    const rows = rowsOf(first, page, cellsOf);
    await this.send(res, `inventory-${today()}.${format}`, format, { name: 'Items', columns, rows });
  }

  async movements(actor: Actor, query: Pick<ExportMovementsPageRequest, 'from' | 'to'>, res: Response): Promise<void> {
    const period = { from: query.from, to: query.to };
    const page = (after?: string) => this.inventory.call(ExportSubjects.movements, { ...period, after, limit: EXPORT_PAGE_ROWS }, actor);
    const first = await page();
    const columns = MOVEMENT_EXPORT_HEADERS.map((header) => ({ header, kind: MOVEMENT_KINDS[header] }));
    const rows = rowsOf(first, page, (row) => {
      const cells = movementCells(row);
      return MOVEMENT_EXPORT_HEADERS.map((header) => cells[header]);
    });
    // The days only: a date-time's colons have no place in a file name.
    const days = `${query.from?.slice(0, 10) ?? 'beginning'}-to-${query.to?.slice(0, 10) ?? today()}`;
    await this.send(res, `inventory-movements-${days}.csv`, 'csv', { name: 'Movements', columns, rows });
  }

  /**
   * The report on screen, every row in its order (spec §9's CSV): asked for slice by slice after a
   * cursor, so the last slice costs what the first did.
   */
  async report(actor: Actor, query: ReportPageQuery, res: Response): Promise<void> {
    const slice = (after?: string) =>
      this.reporting.call(ReportingSubjects.reportSlice, { ...query, after, pageSize: REPORT_SLICE_MAX_ROWS }, actor);
    const first = await slice();
    const columns = REPORT_CSV_HEADERS.map((header) => ({ header, kind: REPORT_KINDS[header], quoted: header === 'Item Name' }));
    const rows = rowsOf(first, slice, (row: ReportRow): Cell[] => [
      row.name,
      row.sku,
      row.currentStock,
      row.reorderLevel,
      Number(row.unitPrice).toFixed(2),
      row.totalValue.toFixed(2),
      STOCK_STATUS_LABELS[row.status],
    ]);
    await this.send(res, `inventory-report-${today()}.csv`, 'csv', { name: 'Report', columns, rows });
  }

  /**
   * Once the headers are out, a failure can no longer become a status: the connection is cut, so
   * the client sees an incomplete download instead of a file that looks whole.
   */
  private async send(res: Response, fileName: string, format: SheetFormat, sheet: Sheet): Promise<void> {
    res.setHeader('Content-Type', SHEET_CONTENT_TYPES[format]);
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    // A write error after the client left must not go unheard (an 'error' nobody hears ends the process).
    res.on('error', (error) => this.logger.debug(`export ${fileName}: ${describeError(error)}`));
    try {
      await writeSheet(format, sheet, res);
    } catch (error) {
      if (isClientGone(error)) this.logger.log(`export ${fileName}: the client left before the end`);
      else this.logger.warn(`export ${fileName} stopped: ${describeError(error)}`);
      res.destroy();
    }
  }
}

/**
 * Every row of every page, in order, as cells. The next page is asked for as the rows of this one
 * start to go out, so the service reads it while they are written (docs/import-export.md): at most
 * two pages are held, and a client who leaves stops it after the page in flight.
 */
async function* rowsOf<Row>(first: Page<Row>, page: (after: string) => Promise<Page<Row>>, cellsOf: (row: Row) => Cell[]) {
  let current = first;
  for (;;) {
    const next = current.next === null ? null : page(current.next);
    // Awaited below unless the client left first: its failure then has nobody to reach.
    next?.catch(() => undefined);
    for (const row of current.rows) yield cellsOf(row);
    if (next === null) return;
    current = await next;
  }
}

/** Our import's columns, then one of stock per place, as fixed by the first page. */
function itemSheetOf(first: ExportItemsPage): { columns: SheetColumn[]; cellsOf: (row: ExportItemRow) => Cell[] } {
  const { places, noPlace } = first.stockColumns ?? { places: [], noPlace: false };
  const stockPlaces: { id: string | null; name: string }[] = [...places, ...(noPlace ? [{ id: null, name: NO_PLACE_LABEL }] : [])];
  const columns: SheetColumn[] = [
    ...IMPORT_FIELDS.map((field) => ({ header: ITEM_EXPORT_HEADERS[field], kind: ITEM_KINDS[field] })),
    ...stockPlaces.map((place) => ({ header: `${STOCK_COLUMN_PREFIX}${place.name}`, kind: 'integer' as const })),
  ];
  const cellsOf = (row: ExportItemRow): Cell[] => {
    const stock = new Map(row.stock.map((entry) => [entry.locationId, entry.quantity]));
    return [...IMPORT_FIELDS.map((field) => row[field]), ...stockPlaces.map((place) => stock.get(place.id) ?? 0)];
  };
  return { columns, cellsOf };
}

function movementCells(row: ExportMovementRow): Record<MovementHeader, Cell> {
  // A transfer names both ends; every other movement happened at one place (or none).
  const where = row.type === 'transfer' ? `${row.location ?? NO_PLACE_LABEL} → ${row.toLocation ?? NO_PLACE_LABEL}` : row.location;
  return {
    Date: row.occurredAt,
    Item: row.itemName,
    SKU: row.sku,
    Type: row.type,
    Quantity: row.quantity,
    Location: where,
    Reason: row.reason,
    'Stock after': row.stockAfter,
    By: row.userName,
  };
}

const today = () => new Date().toISOString().slice(0, 10);
