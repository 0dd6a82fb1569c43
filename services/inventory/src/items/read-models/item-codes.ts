import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeShortCode } from '@inventory/platform';
import { sqlOf } from '../../database/sql.js';

/**
 * The active item a scanned or typed code names (docs/scanning.md): one of our short codes (typed
 * forms too), else a barcode, else a SKU (shops often print their SKUs as barcodes). Each by its
 * index; the first kind that matches wins.
 */
export async function findItemIdByCode(em: EntityManager, workspaceId: string, code: string): Promise<string | null> {
  const text = code.trim();
  const [row] = await sqlOf(em)<{ id: string }>(
    `SELECT id FROM (
       SELECT id, 1 AS rank FROM item_views WHERE workspace_id = ? AND code = ? AND is_active
       UNION ALL SELECT item_id, 2 FROM item_barcodes WHERE workspace_id = ? AND barcode = ?
       UNION ALL SELECT id, 3 FROM item_views WHERE workspace_id = ? AND lower(sku) = lower(?) AND sku IS NOT NULL AND is_active
     ) AS matches ORDER BY rank LIMIT 1`,
    [workspaceId, normalizeShortCode(text), workspaceId, text, workspaceId, text],
  );
  return row?.id ?? null;
}

/** The first of these barcodes another active item of the workspace already has, if any. */
export async function barcodeOfAnotherItem(
  em: EntityManager,
  workspaceId: string,
  itemId: string | null,
  barcodes: readonly string[],
): Promise<string | null> {
  if (barcodes.length === 0) return null;
  const [row] = await sqlOf(em)<{ barcode: string }>(
    'SELECT barcode FROM item_barcodes WHERE workspace_id = ? AND barcode = ANY(?::text[]) AND item_id IS DISTINCT FROM ?::uuid LIMIT 1',
    [workspaceId, barcodes, itemId],
  );
  return row?.barcode ?? null;
}
