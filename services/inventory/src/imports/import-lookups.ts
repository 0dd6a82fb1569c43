import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlOf } from '../database/sql.js';
import { loadItemStates } from '../items/write/item-states.js';
import { lowerKey, type WorkspaceLookups } from './import-plan.js';

/** For lookups of the categories and places alone. */
export const NO_CODES = { skus: [], barcodes: [] };

/**
 * The workspace's categories and places by name, its active items that carry one of `skus` (lower
 * case) — locked until the transaction ends with `lock`, so that they cannot change between the
 * plan and the append — and which items have any of `barcodes`.
 */
export async function loadLookups(
  em: EntityManager,
  workspaceId: string,
  { skus, barcodes }: { skus: string[]; barcodes: string[] },
  { lock }: { lock: boolean },
): Promise<WorkspaceLookups> {
  const sql = sqlOf(em);
  const matches =
    skus.length === 0
      ? []
      : await sql<{ id: string }>(
          'SELECT id FROM item_views WHERE workspace_id = ? AND is_active AND sku IS NOT NULL AND lower(sku) = ANY(?::text[])',
          [workspaceId, skus],
        );
  const items = await loadItemStates(
    em,
    matches.map(({ id }) => ({ workspaceId, itemId: id })),
    { lock },
  );
  const owners =
    barcodes.length === 0
      ? []
      : await sql<{ barcode: string; item_id: string }>(
          'SELECT barcode, item_id FROM item_barcodes WHERE workspace_id = ? AND barcode = ANY(?::text[])',
          [workspaceId, barcodes],
        );
  return {
    itemsBySku: new Map(items.map((item) => [lowerKey(item.details.sku!), item])),
    barcodeOwners: new Map(owners.map((owner) => [owner.barcode, owner.item_id])),
    categories: await namesOf(em, 'category_replicas', workspaceId),
    locations: await namesOf(em, 'location_replicas', workspaceId),
  };
}

/** Lower-case name → id; of two with the same name, the older id wins, every time. */
async function namesOf(
  em: EntityManager,
  table: 'category_replicas' | 'location_replicas',
  workspaceId: string,
): Promise<Map<string, string>> {
  const rows = await sqlOf(em)<{ id: string; name: string }>(
    `SELECT id, name FROM ${table} WHERE workspace_id = ? AND NOT deleted ORDER BY id`,
    [workspaceId],
  );
  const names = new Map<string, string>();
  for (const { id, name } of rows) if (!names.has(lowerKey(name))) names.set(lowerKey(name), id);
  return names;
}
