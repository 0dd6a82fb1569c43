import type { ItemEvent } from '@inventory/contracts';
import { newEvent, ServiceError } from '@inventory/platform';
import { itemStreamId } from '../../event-store/event-store.js';
import { decide, evolve } from '../domain/item.decider.js';
import type { ItemState } from '../domain/item.js';
import type { CommandOutcome, ItemRequest } from './command.js';

/**
 * The events of one request's commands, decided one after the other from `initial`, and the state
 * they lead to. A business rule's refusal is thrown (a ServiceError). Pure: ids and time come with
 * the request.
 */
export function decideRequest(initial: ItemState, itemId: string, { context, commands }: ItemRequest): CommandOutcome {
  let state = initial;
  // Never before the item's last event: an instance whose clock is behind another's would otherwise
  // date a version before the one it follows, and a report at a past instant reads each item's
  // versions in time order (docs/reports.md, "Version ends"). ISO times of one format sort as text.
  const occurredAt = initial.updatedAt > context.occurredAt ? initial.updatedAt : context.occurredAt;
  const events: ItemEvent[] = [];
  for (const command of commands) {
    for (const fact of decide(command, state)) {
      const event = newEvent({
        source: 'inventory',
        type: fact.type,
        streamId: itemStreamId(itemId),
        version: state.version + 1,
        data: fact.data,
        occurredAt,
        metadata: {
          workspaceId: context.workspaceId,
          userId: context.userId,
          userName: context.userName,
          correlationId: context.correlationId,
          causationId: context.causationId,
          movementId: 'movementId' in fact.data ? fact.data.movementId : undefined,
          idempotencyKey: context.idempotency?.key,
        },
      }) as ItemEvent;
      state = evolve(state, event);
      events.push(event);
    }
  }
  return { state, events };
}

/** Several requests for one item, in turn: a refused one gets its ServiceError and leaves the state as it was. */
export function decideRequests(
  initial: ItemState,
  itemId: string,
  requests: readonly ItemRequest[],
): { outcomes: (CommandOutcome | ServiceError)[]; state: ItemState; events: ItemEvent[] } {
  let state = initial;
  const events: ItemEvent[] = [];
  const outcomes = requests.map((request) => {
    try {
      const outcome = decideRequest(state, itemId, request);
      state = outcome.state;
      events.push(...outcome.events);
      return outcome;
    } catch (error) {
      return asRefusal(error);
    }
  });
  return { outcomes, state, events };
}

/** A business rule's refusal as a value; anything else is thrown on. */
export function asRefusal(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  throw error;
}
