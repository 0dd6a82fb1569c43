import { describe, expect, it } from '@jest/globals';
// The test compares the web's copies with the contracts' originals; the app itself imports only types.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import * as contracts from '@inventory/contracts';
import { STOCK_STATUS_LABELS } from '../../lib/format';
import { REPORT_PAGE_MAX_SIZE, REPORT_PDF_MAX_ROWS, REPORT_SEARCH_MAX_LENGTH } from './report-rules';

describe('the report rules the web copies from the contracts', () => {
  it('are the contracts’ own limits and labels', () => {
    expect(REPORT_PAGE_MAX_SIZE).toBe(contracts.REPORT_PAGE_SIZE.max);
    expect(REPORT_PDF_MAX_ROWS).toBe(contracts.REPORT_PDF_MAX_ROWS);
    expect(REPORT_SEARCH_MAX_LENGTH).toBe(contracts.REPORT_SEARCH_MAX_LENGTH);
    expect(STOCK_STATUS_LABELS).toEqual(contracts.STOCK_STATUS_LABELS);
  });
});
