import { escapeFormula } from '@inventory/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How a column's cells are written: text is escaped against formulas, numbers stay numbers. */
export type CellKind = 'text' | 'integer' | 'money';
export type Cell = string | number | null;

export interface SheetColumn {
  header: string;
  kind: CellKind;
  /** CSV: quote every value of this column, not only those that need it (spec §9's item names). */
  quoted?: boolean;
}

/** A sheet to stream: its columns, then its rows as they come (each in the columns' order). */
export interface Sheet {
  name: string;
  columns: readonly SheetColumn[];
  rows: AsyncIterable<Cell[]>;
}

export type SheetFormat = 'csv' | 'xlsx';

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Writes the sheet to `out` as it is read, never more than a little ahead of what `out` has taken. */
export function writeSheet(format: SheetFormat, sheet: Sheet, out: Writable): Promise<void> {
  return format === 'csv' ? writeCsv(sheet, out) : writeXlsx(sheet, out);
}

const textOf = (cell: Cell) => escapeFormula(cell === null ? '' : String(cell));

/**
 * RFC 4180: comma, CRLF, a field quoted when it holds a comma, a quote or a line break (csv-stringify
 * quotes a lone LF only when asked); UTF-8 with a BOM so that Excel reads it as UTF-8. A pipeline
 * pulls rows only as fast as the client takes the bytes.
 */
async function writeCsv({ columns, rows }: Sheet, out: Writable): Promise<void> {
  const cellsOf = (row: Cell[]) => row.map((cell, i) => (columns[i].kind === 'text' ? textOf(cell) : cell));
  async function* records() {
    yield columns.map((column) => column.header);
    for await (const row of rows) yield cellsOf(row);
  }
  // The header (record 0) is never forced into quotes.
  const cast = {
    string: (value: string, { index, records }: { index: number | null; records: number }) =>
      index !== null && records > 0 && columns[index].quoted ? { value, quoted: true } : value,
  };
  await pipeline(Readable.from(records()), stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/, cast }), out);
}

const XLSX_WIDTHS: Record<CellKind, number> = { text: 24, integer: 12, money: 12 };

/** Sheet XML that may wait for the zip's compression before rows stop being added. */
const XLSX_BACKLOG_BYTES = 1024 * 1024;

/**
 * exceljs's streaming writer: rows are zipped and written as they are committed, with no shared
 * strings table (it would hold every text until the end). Neither its sheet stream nor the zip
 * pushes back, so after each row the writer waits while the zip is behind (compression is slower
 * than making rows) or the client is: what is in flight stays about a megabyte.
 */
async function writeXlsx({ name, columns, rows }: Sheet, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = columns.map((column) => ({
    width: XLSX_WIDTHS[column.kind],
    style: column.kind === 'money' ? { numFmt: '0.00' } : {},
  }));
  const header = worksheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for await (const row of rows) {
    worksheet.addRow(row.map((cell, i) => xlsxCell(columns[i].kind, cell))).commit();
    for (const input of zipInputs(worksheet)) if (input._writableState.length > XLSX_BACKLOG_BYTES) await until(input, 'drain', out);
    if (out.writableNeedDrain) await until(out, 'drain', out);
  }
  worksheet.commit();
  await workbook.commit();
}

interface ZipInput extends Writable {
  _writableState: { length: number };
}

/**
 * Where the sheet's XML waits to be compressed: exceljs 4.4.0 (pinned) hands it to the zip's input
 * streams (its StreamBuf's `pipes`) without looking at what they hold. None found: nothing to wait for.
 */
function zipInputs(worksheet: ExcelJS.Worksheet): ZipInput[] {
  const pipes = (worksheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes ?? [];
  return pipes.filter((pipe): pipe is ZipInput => typeof (pipe as Partial<ZipInput>)._writableState?.length === 'number');
}

function xlsxCell(kind: CellKind, cell: Cell): ExcelJS.CellValue {
  if (cell === null) return null;
  // Prices travel as decimal strings ("19.99"); to a spreadsheet they are numbers with two decimals.
  if (kind === 'money') return Number(cell);
  return kind === 'text' ? textOf(cell) : cell;
}

const PREMATURE_CLOSE = 'ERR_STREAM_PREMATURE_CLOSE';
const prematureClose = () => Object.assign(new Error('Premature close'), { code: PREMATURE_CLOSE });

/** Whether writing stopped because the answer closed early: the client went away. */
export const isClientGone = (error: unknown) => (error as { code?: unknown } | null)?.code === PREMATURE_CLOSE;

/** Resolves on `stream`'s `event`; fails as pipeline() does if `out` closes first (the client left). */
function until(stream: Writable, event: 'drain', out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(prematureClose());
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off(event, onEvent);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onEvent = () => settle();
    const onClose = () => settle(prematureClose());
    stream.on(event, onEvent);
    out.on('close', onClose);
  });
}
