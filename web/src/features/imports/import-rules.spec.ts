import { describe, expect, it } from '@jest/globals';
// The test compares the web's copies with the contracts' originals; the app itself imports only types.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import * as contracts from '@inventory/contracts';
import { IMPORT_FIELDS, IMPORT_PREVIEW_ERRORS, ITEM_EXPORT_HEADERS, ImportMessages, MAX_IMPORT_BYTES, fileProblem } from './import-rules';

describe('the import rules the web copies from the contracts', () => {
  it('are the contracts’ own fields, headers, limits and messages', () => {
    expect(IMPORT_FIELDS).toEqual(contracts.IMPORT_FIELDS);
    expect(ITEM_EXPORT_HEADERS).toEqual(contracts.ITEM_EXPORT_HEADERS);
    expect(MAX_IMPORT_BYTES).toBe(contracts.MAX_IMPORT_BYTES);
    expect(IMPORT_PREVIEW_ERRORS).toBe(contracts.IMPORT_PREVIEW_ERRORS);
    for (const [key, message] of Object.entries(ImportMessages)) {
      expect(message).toBe(contracts.ImportMessages[key as keyof typeof ImportMessages]);
    }
  });
});

describe('a chosen file', () => {
  it('may be a CSV or an Excel workbook up to 50 MB', () => {
    expect(fileProblem({ name: 'items.csv', size: 1_000 })).toBeNull();
    expect(fileProblem({ name: 'Stock 2025.XLSX', size: MAX_IMPORT_BYTES })).toBeNull();
  });

  it('is refused with the server’s words when of another type or too large', () => {
    expect(fileProblem({ name: 'items.xls', size: 1_000 })).toBe('Please choose a CSV or Excel (.xlsx) file');
    expect(fileProblem({ name: 'items.csv.zip', size: 1_000 })).toBe('Please choose a CSV or Excel (.xlsx) file');
    expect(fileProblem({ name: 'items.csv', size: MAX_IMPORT_BYTES + 1 })).toBe('The file is larger than 50 MB');
  });
});
