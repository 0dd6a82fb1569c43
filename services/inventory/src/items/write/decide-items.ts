import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceError } from '@inventory/platform';
import { lockReferences } from '../../replicas/references.js';
import { appendItemEvents, type DecidedItem } from './append.js';
import { referencesOf, type CommandOutcome, type ItemRequest } from './command.js';
import { decideRequests } from './decide.js';
import { loadItemStates } from './item-states.js';

/** Several requests for one item. */
export interface ItemRequests {
  itemId: string;
  requests: ItemRequest[];
}

/**
 * The bulk form of handleItemCommands' steps (handle-item-commands.ts), for writers of many items at
 * once: the batching wrapper, imports, stock counts and the demo. Loads every item's state in one
 * query, decides each item's requests in turn (a refused request gets its ServiceError in its place
 * and leaves the state as it was for the next one), and returns `append`, which records all the
 * events in one statement. With `lock`, the categories and places the commands name are locked
 * first and the items' snapshots second (the order a deletion being applied takes, so no deadlock),
 * until the caller's transaction ends.
 */
export async function decideItems(
  em: EntityManager,
  items: readonly ItemRequests[],
  { lock }: { lock: boolean },
): Promise<{ outcomes: (CommandOutcome | ServiceError)[][]; append: () => Promise<void> }> {
  const asked = items
    .filter(({ requests }) => requests.length > 0)
    .map(({ itemId, requests }) => ({
      itemId,
      workspaceId: requests[0].context.workspaceId,
      commands: requests.flatMap((request) => request.commands),
    }));
  if (lock) for (const { workspaceId, commands } of asked) await lockReferences(em, workspaceId, referencesOf(commands));
  const states = await loadItemStates(em, asked, { lock });
  const decided: DecidedItem[] = [];
  let next = 0;
  const outcomes = items.map(({ itemId, requests }) => {
    if (requests.length === 0) return [];
    // By position, not item id: one item may come twice, asked by its owner and by someone else.
    const initial = states[next++];
    const { outcomes: itemOutcomes, state, events } = decideRequests(initial, itemId, requests);
    decided.push({ expectedVersion: initial.version, state, events });
    return itemOutcomes;
  });
  return { outcomes, append: () => appendItemEvents(em, decided) };
}
