import type { EntityManager } from '@mikro-orm/postgresql';
import { InventoryMessages as M } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { sqlOf } from '../database/sql.js';

export interface References {
  categoryIds: string[];
  locationIds: string[];
}

/**
 * Refuses categories and locations the replicas know as deleted or as another user's (404, like a
 * missing one). An id the replica does not know yet is accepted: it may have been created a moment
 * ago. The replica rows are share-locked until the write commits, so a deletion being applied
 * waits for the write and then sees (and detaches) the item that refers to it.
 */
export async function lockReferences(em: EntityManager, userId: string, { categoryIds, locationIds }: References): Promise<void> {
  const check = async (table: string, ids: string[], message: string) => {
    if (ids.length === 0) return;
    const rows = await sqlOf(em)<{ user_id: string; deleted: boolean }>(
      `SELECT user_id, deleted FROM ${table} WHERE id = ANY(?) ORDER BY id FOR SHARE`,
      [[...new Set(ids)]],
    );
    if (rows.some((row) => row.user_id !== userId || row.deleted)) throw new ServiceError('NOT_FOUND', message);
  };
  await check('category_replicas', categoryIds, M.categoryNotFound);
  await check('location_replicas', locationIds, M.locationNotFound);
}
