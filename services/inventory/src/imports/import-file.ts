import { ImportMessages as M, MAX_IMPORT_ROWS } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** A file's rows as text: the header row's column names (made unique) and the data rows, as wide as the header. */
export interface ImportSheet {
  columns: string[];
  rows: string[][];
}

/** An .xlsx is a zip archive; anything else is read as delimited text. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Most bytes the parts of an .xlsx may unpack to (a 50 MB sheet unpacks to a few hundred MB at most). */
const MAX_XLSX_UNPACKED_BYTES = 400 * 1024 * 1024;
const CSV_DELIMITERS = [',', ';', '\t', '|'];

/**
 * Reads an uploaded file by its content, never its name: an .xlsx (first sheet) or CSV text in
 * any common encoding (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252) and delimiter
 * (comma, Excel's semicolon, tab, pipe; quoted cells may hold delimiters and line breaks). Refuses
 * with a 400 what it cannot read, and more than MAX_IMPORT_ROWS data rows.
 */
export async function readImportFile(file: Buffer): Promise<ImportSheet> {
  const table = file.subarray(0, 4).equals(ZIP_MAGIC) ? await readXlsx(file) : readCsv(file);
  const headerAt = table.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (headerAt < 0) throw new ServiceError('VALIDATION', M.empty);
  const columns = uniqueColumns(table[headerAt]);
  // The parsed rows are reused in place: a copy of a large file's table would double the peak memory.
  const rows: string[][] = [];
  for (let r = headerAt + 1; r < table.length; r++) {
    const row = table[r];
    if (!row.some((cell) => cell.trim() !== '')) continue;
    row.length = columns.length;
    // Line breaks inside a cell as \n, whatever the file used.
    for (let c = 0; c < columns.length; c++) row[c] = (row[c] ?? '').replace(/\r\n?/g, '\n');
    rows.push(row);
  }
  if (rows.length === 0) throw new ServiceError('VALIDATION', M.empty);
  if (rows.length > MAX_IMPORT_ROWS) throw new ServiceError('VALIDATION', M.tooManyRows);
  return { columns, rows };
}

function readCsv(file: Buffer): string[][] {
  const text = decodeText(file);
  // Text files have no NUL; a binary file renamed .csv almost always does.
  if (text.includes('\0')) throw new ServiceError('VALIDATION', M.unreadable);
  // The header, the allowed rows, and one more to tell that there are too many.
  const result = Papa.parse<string[]>(text, { delimitersToGuess: CSV_DELIMITERS, skipEmptyLines: 'greedy', preview: MAX_IMPORT_ROWS + 2 });
  return result.data;
}

function decodeText(file: Buffer): string {
  if (file[0] === 0xff && file[1] === 0xfe) return new TextDecoder('utf-16le').decode(file);
  if (file[0] === 0xfe && file[1] === 0xff) return new TextDecoder('utf-16be').decode(file);
  try {
    // Strips a UTF-8 BOM.
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    // Older Excel and Windows tools save "ANSI": Windows-1252 in the west.
    return new TextDecoder('windows-1252').decode(file);
  }
}

/** Reads of one .xlsx before it counts as unreadable (see readXlsx). */
const XLSX_READ_ATTEMPTS = 3;

async function readXlsx(file: Buffer): Promise<string[][]> {
  await assertUnpacksSafely(file);
  for (let attempt = 1; ; attempt++) {
    try {
      return await readFirstSheet(file);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      // exceljs' streaming reader now and then misses the workbook part of a sound file and throws
      // (2 reads in 2,000 of the same small file here): the file is in memory, so read it again.
      if (attempt === XLSX_READ_ATTEMPTS) throw new ServiceError('VALIDATION', M.unreadable);
    }
  }
}

/** The first sheet's rows as texts; a ServiceError for too many rows, anything else for a file exceljs cannot read. */
async function readFirstSheet(file: Buffer): Promise<string[][]> {
  const rows: string[][] = [];
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      if (rows.length > MAX_IMPORT_ROWS + 1) throw new ServiceError('VALIDATION', M.tooManyRows);
      const values = row.values as unknown[];
      // Row numbers may skip empty rows; the values array is 1-based.
      rows.push(Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellText(values[i + 1])));
    }
    break; // the first sheet only
  }
  return rows;
}

/** A cell as the text a person sees, roughly: formulas give their result, rich text its plain text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  const cell = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
  if (cell.richText) return cell.richText.map((run) => run.text).join('');
  if ('result' in cell) return cellText(cell.result);
  if (cell.text !== undefined) return cellText(cell.text);
  return '';
}

/**
 * Refuses an archive whose parts say they unpack to more than we would read (a "zip bomb"), from its
 * central directory, before anything is inflated. A file that is no zip archive is unreadable.
 */
async function assertUnpacksSafely(file: Buffer): Promise<void> {
  const total = await new Promise<number>((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(new ServiceError('VALIDATION', M.unreadable));
      let sum = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        sum += entry.uncompressedSize;
        if (sum > MAX_XLSX_UNPACKED_BYTES) {
          zip.close();
          return resolve(sum);
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(sum));
      zip.on('error', () => reject(new ServiceError('VALIDATION', M.unreadable)));
      zip.readEntry();
    });
  });
  if (total > MAX_XLSX_UNPACKED_BYTES) throw new ServiceError('VALIDATION', M.xlsxTooLarge);
}

/** Header names as the mapping refers to them: blank ones named by position, repeats numbered. */
export function uniqueColumns(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, i) => {
    const base = raw.trim() || `Column ${i + 1}`;
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  });
}
