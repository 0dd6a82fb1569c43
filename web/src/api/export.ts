import { queryString } from './reports';

/**
 * The full export, streamed by the server (docs/import-export.md): plain GETs on the session
 * cookie, so a link downloads them and the browser never holds the file.
 */
export type ItemExportFormat = 'csv' | 'xlsx';

export const itemsExportUrl = (format: ItemExportFormat): string => `/api/export/items.${format}`;

/** Movements from the first day through the last (YYYY-MM-DD, UTC days); either end left out is open. */
export const movementsExportUrl = (days: { from?: string; to?: string }): string => `/api/export/movements.csv${queryString(days)}`;
