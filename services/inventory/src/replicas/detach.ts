import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope } from '@inventory/contracts';
import type { ItemCommand } from '../items/domain/item.js';
import { now } from '../items/write/command.js';
import { applyItemCommands } from '../items/write/handle-item-commands.js';

/**
 * Records on each item that a category or location it points at was deleted, in the consumer's
 * transaction. A replay decides nothing new: the items no longer point there.
 */
export async function detachFromItems(
  em: EntityManager,
  cause: EventEnvelope,
  items: { id: string }[],
  command: ItemCommand | (() => ItemCommand),
): Promise<void> {
  const { workspaceId, userId, userName, correlationId } = cause.metadata;
  const context = { workspaceId, userId, userName, correlationId, causationId: cause.id, occurredAt: now() };
  for (const { id } of items) {
    await applyItemCommands(em, context, id, [typeof command === 'function' ? command() : command]);
  }
}
