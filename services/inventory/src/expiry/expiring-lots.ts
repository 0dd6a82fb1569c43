import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_EXPIRY_WARNING_DAYS, type ExpiringLotView, type ExpiryFilter, type LotQuantity } from '@inventory/contracts';
import type { SqlStatement } from '@inventory/platform';
import { centsText, toCents } from '../counts/count-math.js';
import { sqlOf } from '../database/sql.js';
import { referenceNames } from '../items/read-models/reference-names.js';

/*
 * Expiry dates (docs/expiry.md). "Today" is the UTC day, passed in by the caller so that the daily
 * scan's tests can set it; an item's lots are read from its row (item_views.lots), found by the
 * nearest expiry kept beside them.
 */

export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

const addDays = (day: string, days: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A workspace's warning days as SQL: its setting, else the default. `workspace` is the SQL naming its id. */
const warningDaysOf = (workspace: string) =>
  `coalesce((SELECT expiry_warning_days FROM inventory_settings s WHERE s.workspace_id = ${workspace}), ${DEFAULT_EXPIRY_WARNING_DAYS})`;

/** The list's expiry filter on item_views, by the nearest expiry of an item's lots. */
export function expiryFilterSql(filter: ExpiryFilter, workspaceId: string, today = utcDay()): SqlStatement {
  return filter === 'expired'
    ? { sql: 'nearest_expiry < ?::date', params: [today] }
    : { sql: `nearest_expiry >= ?::date AND nearest_expiry <= ?::date + ${warningDaysOf('?')}`, params: [today, today, workspaceId] };
}

export async function warningDays(em: EntityManager, workspaceId: string): Promise<number> {
  const [row] = await sqlOf(em)<{ days: number }>(`SELECT ${warningDaysOf('?')} AS days`, [workspaceId]);
  return row.days;
}

interface ExpiringRow {
  workspace_id: string;
  id: string;
  name: string;
  sku: string | null;
  unit_price: string;
  lots: LotQuantity[];
  warning_days: number;
}

/**
 * The active items' lots that expire within their workspace's warning days or have expired, earliest
 * first; one workspace's, or every workspace's (the daily scan). `only` keeps the lots it accepts.
 */
export async function expiringLots(
  em: EntityManager,
  today: string,
  scope: { workspaceId: string } | 'all',
  only: (lot: ExpiringLotView, warningDays: number) => boolean = () => true,
): Promise<Map<string, ExpiringLotView[]>> {
  const rows = await sqlOf(em)<ExpiringRow>(
    `SELECT workspace_id, id, name, sku, unit_price::text AS unit_price, lots, ${warningDaysOf('v.workspace_id')} AS warning_days
       FROM item_views v
      WHERE ${scope === 'all' ? '' : 'workspace_id = ? AND '}is_active AND nearest_expiry IS NOT NULL
        AND nearest_expiry <= ?::date + ${warningDaysOf('v.workspace_id')}`,
    scope === 'all' ? [today] : [scope.workspaceId, today],
  );
  const byWorkspace = new Map<string, ExpiringLotView[]>();
  const rowsByWorkspace = new Map<string, ExpiringRow[]>();
  for (const row of rows) rowsByWorkspace.set(row.workspace_id, [...(rowsByWorkspace.get(row.workspace_id) ?? []), row]);
  for (const [workspaceId, items] of rowsByWorkspace) {
    const names = await referenceNames(
      em,
      workspaceId,
      [],
      items.flatMap((item) => item.lots.map((lot) => lot.locationId)),
    );
    const lots = items.flatMap((item) =>
      item.lots.flatMap((lot): ExpiringLotView[] => {
        if (lot.expiresOn === null || lot.expiresOn > addDays(today, item.warning_days)) return [];
        const view: ExpiringLotView = {
          itemId: item.id,
          itemName: item.name,
          sku: item.sku,
          lot: lot.lot,
          expiresOn: lot.expiresOn,
          daysLeft: daysBetween(today, lot.expiresOn),
          quantity: lot.quantity,
          locationId: lot.locationId,
          locationName: names.location(lot.locationId),
          value: centsText(BigInt(lot.quantity) * toCents(item.unit_price)),
        };
        return only(view, item.warning_days) ? [view] : [];
      }),
    );
    lots.sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.itemName.localeCompare(b.itemName));
    if (lots.length > 0) byWorkspace.set(workspaceId, lots);
  }
  return byWorkspace;
}
