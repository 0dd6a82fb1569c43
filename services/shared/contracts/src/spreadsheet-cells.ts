/**
 * Formula injection: a spreadsheet runs a cell whose text starts with = + - @ (or a tab or carriage
 * return before one) as a formula, so an item named '=HYPERLINK(…)' could act when its export is
 * opened. The export writes such text with a leading apostrophe, which spreadsheets show as text;
 * the importer takes the apostrophe off again, so an export imports back unchanged. Text that
 * already starts with apostrophes before such a character gets one more, which keeps the two exact
 * inverses. Numbers are never escaped: only text cells go through here (docs/import-export.md).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Text for a spreadsheet cell, safe to open: see above. */
export const escapeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** The text escapeFormula was given, from what it wrote. */
export const unescapeFormula = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell);
