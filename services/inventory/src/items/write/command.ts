import type { ItemEvent } from '@inventory/contracts';
import type { IdempotentRequest } from '../../idempotency/idempotency-keys.js';
import type { References } from '../../replicas/references.js';
import type { ItemCommand, ItemState } from '../domain/item.js';

/** Who asks, for which workspace, and when: everything a command needs besides its own data. */
export interface CommandContext {
  /** The workspace the item belongs to: the actor's, or the one named by the event a consumer reacts to. */
  workspaceId: string;
  /** Who did it (recorded in the events' metadata), and their display name at the time. */
  userId: string;
  userName?: string;
  /**
   * When it happens: the events' time. Callers set it as the command comes in (`now()`); only the
   * demo's sample history sets it in the past, from its own recipe (docs/demo.md).
   */
  occurredAt: string;
  correlationId?: string;
  /** The event that caused this command, when a consumer issues it. */
  causationId?: string;
  idempotency?: IdempotentRequest;
}

/** The state after a request's commands, and the events that led there. */
export interface CommandOutcome {
  state: ItemState;
  events: ItemEvent[];
}

/** One caller's commands on an item. */
export interface ItemRequest {
  context: CommandContext;
  commands: ItemCommand[];
}

/** The time a command comes in, as its events record it. */
export const now = () => new Date().toISOString();

/** The categories and places the commands point at (deletions detach, so they point at none). */
export function referencesOf(commands: readonly ItemCommand[]): References {
  const categoryIds: (string | null | undefined)[] = [];
  const locationIds: (string | null | undefined)[] = [];
  for (const { type, data } of commands) {
    if (type === 'RegisterItem') {
      categoryIds.push(data.categoryId);
      locationIds.push(data.locationId);
    }
    if (type === 'ChangeDetails') {
      categoryIds.push(data.changes.categoryId);
      locationIds.push(data.changes.locationId);
    }
    if (type === 'ReceiveStock' || type === 'IssueStock' || type === 'AdjustStock') locationIds.push(data.locationId);
    if (type === 'TransferStock') locationIds.push(data.fromLocationId, data.toLocationId);
  }
  const present = (ids: (string | null | undefined)[]) => ids.filter((id): id is string => typeof id === 'string');
  return { categoryIds: present(categoryIds), locationIds: present(locationIds) };
}

export const hasReferences = (commands: readonly ItemCommand[]) => {
  const { categoryIds, locationIds } = referencesOf(commands);
  return categoryIds.length + locationIds.length > 0;
};
