/*
 * The report's paging limits, copied from the contracts (the app imports only types from them);
 * report-rules.spec.ts checks that the copies match.
 */
export const REPORT_PAGE_MAX_SIZE = 500;
export const REPORT_PDF_MAX_ROWS = 1_000;
export const REPORT_SEARCH_MAX_LENGTH = 200;
