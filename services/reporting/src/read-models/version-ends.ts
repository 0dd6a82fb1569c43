/**
 * item_history.superseded_at (Reporting0011): when each version stopped being its item's latest,
 * the time of the item's next version by (occurred_at, version); null while it is the latest. A
 * version was its item's state at an instant t when `occurred_at <= t AND (superseded_at IS NULL OR
 * superseded_at > t)`: a filter on the row a walk in report order already reads, instead of a probe
 * of the item's history for each version it passes (docs/reports.md, "Version ends").
 *
 * Derived over all of an item's versions at once by the migration and at a rebuild's end; the live
 * projection keeps it event by event (inventory.projection.ts, writeBatch).
 */
const SUPERSEDED_AT = 'lead(occurred_at) OVER (PARTITION BY item_id ORDER BY occurred_at, version)';

/** Every column of item_history, in its order. */
export const ITEM_HISTORY_COLUMNS = `event_id, item_id, workspace_id, version, occurred_at, name, sku, category_id, unit_price,
  reorder_level, stock, active, value_delta, superseded_at`;

/** item_history's rows from `source` (the same columns), each version's end derived from its item's others. */
export const WITH_VERSION_ENDS = (source: string) =>
  `SELECT ${ITEM_HISTORY_COLUMNS.replace('superseded_at', `${SUPERSEDED_AT} AS superseded_at`)} FROM ${source}`;
