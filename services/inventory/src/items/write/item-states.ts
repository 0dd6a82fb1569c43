import type { EntityManager } from '@mikro-orm/postgresql';
import { jsonRows, type SqlStatement } from '@inventory/platform';
import { sqlOf } from '../../database/sql.js';
import { itemStreamId, readMovementEvents, readStreams } from '../../event-store/event-store.js';
import { evolve, recordMovement } from '../domain/item.decider.js';
import { initialState, type ItemCommand, type ItemState } from '../domain/item.js';

/** An item's state as its snapshot keeps it: everything but the movements (an undo reads its one). */
type SnapshotState = Omit<ItemState, 'movements'>;

interface SnapshotRow {
  item_id: string;
  state: SnapshotState;
}

/**
 * The write side's own state of each item asked, in that order: the snapshot kept beside its stream
 * (written with every append, `snapshotUpsert`), or, for an item written before snapshots existed,
 * the fold of its whole stream. With `lock` the snapshot rows stay locked until the transaction
 * ends, so that writers of one item queue up instead of racing; the expected-version append stays
 * the guard either way. Another workspace's item reads as absent, exactly like a missing one. When
 * a command undoes a movement, the state also knows that movement (read from the stream).
 */
export async function loadItemStates(
  em: EntityManager,
  items: readonly { workspaceId: string; itemId: string; commands?: readonly ItemCommand[] }[],
  { lock }: { lock: boolean },
): Promise<ItemState[]> {
  if (items.length === 0) return [];
  const rows = await sqlOf(em)<SnapshotRow>(
    `SELECT item_id, state FROM item_snapshots WHERE item_id = ANY(?::uuid[]) AND workspace_id = ANY(?::text[])
      ORDER BY item_id${lock ? ' FOR UPDATE' : ''}`,
    [items.map((item) => item.itemId), [...new Set(items.map((item) => item.workspaceId))]],
  );
  const snapshots = new Map(rows.map((row): [string, ItemState] => [row.item_id, { ...row.state, movements: {} }]));
  const folded = await foldStreams(
    em,
    items.filter(({ itemId }) => !snapshots.has(itemId)).map(({ itemId }) => itemId),
  );
  const states: ItemState[] = [];
  for (const { workspaceId, itemId, commands } of items) {
    const found = snapshots.get(itemId) ?? folded.get(itemId);
    const state = found?.workspaceId === workspaceId ? found : initialState(itemId);
    for (const command of commands ?? []) {
      if (command.type !== 'UndoMovement' || state.status === 'absent') continue;
      const events = await readMovementEvents(em, itemStreamId(itemId), command.data.targetMovementId);
      state.movements = events.reduce(recordMovement, state.movements);
    }
    states.push(state);
  }
  return states;
}

/** The states of items without a snapshot, folded from their streams (none for a new item). */
async function foldStreams(em: EntityManager, itemIds: string[]): Promise<Map<string, ItemState>> {
  const states = new Map<string, ItemState>();
  if (itemIds.length === 0) return states;
  for (const event of await readStreams(em, itemIds.map(itemStreamId))) {
    const itemId = event.streamId.slice('item-'.length);
    states.set(itemId, evolve(states.get(itemId) ?? initialState(itemId), event));
  }
  return states;
}

/** The statement that keeps the items' snapshots at their new states; it runs with the append that led there. */
export function snapshotUpsert(states: readonly ItemState[]): SqlStatement {
  const rows = states.map(({ movements: _movements, ...state }) => ({
    item_id: state.itemId,
    workspace_id: state.workspaceId,
    version: state.version,
    state: state satisfies SnapshotState,
  }));
  return {
    sql: `INSERT INTO item_snapshots (item_id, workspace_id, version, state)
          SELECT item_id, workspace_id, version, state FROM ${jsonRows('item_id uuid, workspace_id text, version int, state jsonb', 'jsonb')}
           ORDER BY ordinality
          ON CONFLICT (item_id) DO UPDATE SET version = excluded.version, state = excluded.state`,
    params: [JSON.stringify(rows)],
  };
}
