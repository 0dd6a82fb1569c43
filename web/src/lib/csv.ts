import { downloadBlob } from './download';

/**
 * A quoted CSV text cell. One that a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) gets a leading apostrophe, so an item named '=HYPERLINK(…)' stays text.
 */
export const csvCell = (text: string) => `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;

/** Saves CSV text made in the browser. */
export function downloadCsv(csv: string, fileName: string): void {
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
