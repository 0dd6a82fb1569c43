import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlOf } from '../database/sql.js';

type ReplicaTable = 'category_replicas' | 'location_replicas';

/** A created or renamed category or location; a late event never revives a deleted one. */
export async function upsertReplica(em: EntityManager, table: ReplicaTable, id: string, workspaceId: string, name: string): Promise<void> {
  await sqlOf(em)(
    `INSERT INTO ${table} (id, workspace_id, name) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name WHERE ${table}.workspace_id = excluded.workspace_id AND NOT ${table}.deleted`,
    [id, workspaceId, name],
  );
}

/** Keeps a tombstone, so that the id is refused if a write still points at it. */
export async function deleteReplica(em: EntityManager, table: ReplicaTable, id: string, workspaceId: string): Promise<void> {
  await sqlOf(em)(
    `INSERT INTO ${table} (id, workspace_id, name, deleted) VALUES (?, ?, '', true)
     ON CONFLICT (id) DO UPDATE SET deleted = true WHERE ${table}.workspace_id = excluded.workspace_id`,
    [id, workspaceId],
  );
}
