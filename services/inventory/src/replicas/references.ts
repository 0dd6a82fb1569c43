import type { EntityManager } from '@mikro-orm/postgresql';
import { InventoryMessages as M } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { sqlOf, UUID } from '../database/sql.js';

export interface References {
  categoryIds: string[];
  locationIds: string[];
}

/** How long a write waits for the replicas to learn of a category or place created a moment ago. */
const REPLICA_WAIT_MS = 3000;
const REPLICA_POLL_MS = 25;

const KINDS = [
  { table: 'category_replicas', ids: (refs: References) => refs.categoryIds, message: M.categoryNotFound },
  { table: 'location_replicas', ids: (refs: References) => refs.locationIds, message: M.locationNotFound },
] as const;

/**
 * Waits, outside any transaction, until the replicas know every category and place the write
 * names: one created a moment ago reaches them through its event within a few hundred
 * milliseconds. An id that is not a UUID, or that no replica learns of in time, is refused (404)
 * like a missing one; ownership and deletion are checked under lock by lockReferences.
 */
export async function awaitReferences(em: EntityManager, refs: References, waitMs = REPLICA_WAIT_MS): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (const { table, ids, message } of KINDS) {
    const wanted = [...new Set(ids(refs))];
    if (wanted.length === 0) continue;
    if (!wanted.every((id) => UUID.test(id))) throw new ServiceError('NOT_FOUND', message);
    for (;;) {
      const [{ known }] = await sqlOf(em)<{ known: number }>(`SELECT count(*)::int AS known FROM ${table} WHERE id = ANY(?)`, [wanted]);
      if (known === wanted.length) break;
      if (Date.now() >= deadline) throw new ServiceError('NOT_FOUND', message);
      await sleep(REPLICA_POLL_MS);
    }
  }
}

/**
 * Refuses categories and locations that are unknown, deleted or another owner's (404, like a
 * missing one). The replica rows are share-locked until the write commits, so a deletion being
 * applied waits for the write and then sees (and detaches) the item that refers to it.
 */
export async function lockReferences(em: EntityManager, workspaceId: string, refs: References): Promise<void> {
  for (const { table, ids, message } of KINDS) {
    const wanted = [...new Set(ids(refs))];
    if (wanted.length === 0) continue;
    const rows = await sqlOf(em)<{ workspace_id: string; deleted: boolean }>(
      `SELECT workspace_id, deleted FROM ${table} WHERE id = ANY(?) ORDER BY id FOR SHARE`,
      [wanted],
    );
    if (rows.length !== wanted.length || rows.some((row) => row.workspace_id !== workspaceId || row.deleted))
      throw new ServiceError('NOT_FOUND', message);
  }
}
