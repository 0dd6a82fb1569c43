import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { InventoryMessages as M, type ItemEvent } from '@inventory/contracts';
import { newEvent, outboxInsert, ServiceError } from '@inventory/platform';
import { isUniqueViolation } from '../database/sql.js';
import { appendToStream, itemStreamId, readMovementEvents, VersionConflictError } from '../event-store/event-store.js';
import { claimIdempotencyKey, storeIdempotentResponse, type IdempotentRequest } from '../idempotency/idempotency-keys.js';
import { lockReferences, type References } from '../replicas/references.js';
import { decide, evolve, recordMovement } from './domain/item.decider.js';
import type { ItemCommand, ItemState } from './domain/item.js';
import { loadSnapshot, snapshotUpsert } from './read-models/item-views.js';

export interface CommandContext {
  /** Owner of the item: the signed-in user, or the owner named by the event a consumer reacts to. */
  userId: string;
  correlationId?: string;
  /** The event that caused this command, when a consumer issues it. */
  causationId?: string;
  idempotency?: IdempotentRequest;
}

export interface CommandOutcome {
  state: ItemState;
  events: ItemEvent[];
}

/** Attempts of a write that keeps meeting concurrent appends before it answers 409. */
const MAX_ATTEMPTS = 4;

/** Runs users' commands: one short transaction each, retried on a concurrent append. */
@Injectable()
export class ItemWriter {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  /**
   * Applies the commands and builds the answer in one transaction. With an Idempotency-Key the
   * answer is stored in that transaction too, and a repeated key gets it back without a new event.
   */
  async run<R>(context: CommandContext, itemId: string, commands: ItemCommand[], respond: (em: EntityManager, outcome: CommandOutcome) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.orm.em.fork().transactional(async (em) => {
          const { idempotency } = context;
          if (idempotency) {
            const claim = await claimIdempotencyKey(em, idempotency);
            if (!claim.claimed) return claim.response as R;
          }
          const response = await respond(em, await applyItemCommands(em, context, itemId, commands));
          if (idempotency) await storeIdempotentResponse(em, idempotency, response);
          return response;
        });
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
        if (attempt === MAX_ATTEMPTS) throw new ServiceError('CONFLICT', M.concurrentChange);
      }
    }
  }
}

/**
 * Decides the commands one after the other against the item's state and records the result in the
 * caller's transaction, in one statement: the events (expected-version append), the read-model row
 * and the outbox rows.
 */
export async function applyItemCommands(em: EntityManager, context: CommandContext, itemId: string, commands: ItemCommand[]): Promise<CommandOutcome> {
  // References first, the item second: the same order as a deletion being applied, so no deadlock.
  await lockReferences(em, context.userId, referencesOf(commands));
  const initial = await loadState(em, context.userId, itemId, commands);
  const occurredAt = new Date().toISOString();
  const streamId = itemStreamId(itemId);
  let state = initial;
  const events: ItemEvent[] = [];
  for (const command of commands) {
    for (const fact of decide(command, state)) {
      const event = newEvent({
        source: 'inventory',
        type: fact.type,
        streamId,
        version: state.version + 1,
        data: fact.data,
        occurredAt,
        metadata: {
          userId: context.userId,
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
  if (events.length === 0) return { state, events };
  try {
    await appendToStream(em, streamId, initial.version, events, [snapshotUpsert([state]), outboxInsert(events)]);
  } catch (error) {
    if (isUniqueViolation(error, 'item_views_sku')) throw new ServiceError('CONFLICT', M.skuTaken);
    throw error;
  }
  return { state, events };
}

/** The item's row as the starting state, plus the one movement an undo refers to. */
async function loadState(em: EntityManager, userId: string, itemId: string, commands: ItemCommand[]): Promise<ItemState> {
  const state = await loadSnapshot(em, userId, itemId);
  for (const command of commands) {
    if (command.type !== 'UndoMovement' || state.status === 'absent') continue;
    const events = await readMovementEvents(em, itemStreamId(itemId), command.data.targetMovementId);
    state.movements = events.reduce(recordMovement, state.movements);
  }
  return state;
}

/** The categories and places the commands point at (deletions detach, so they point at none). */
function referencesOf(commands: ItemCommand[]): References {
  const categoryIds: (string | null | undefined)[] = [];
  const locationIds: (string | null | undefined)[] = [];
  for (const { type, data } of commands) {
    if (type === 'RegisterItem') categoryIds.push(data.categoryId), locationIds.push(data.locationId);
    if (type === 'ChangeDetails') categoryIds.push(data.changes.categoryId), locationIds.push(data.changes.locationId);
    if (type === 'ReceiveStock' || type === 'IssueStock' || type === 'AdjustStock') locationIds.push(data.locationId);
    if (type === 'TransferStock') locationIds.push(data.fromLocationId, data.toLocationId);
  }
  const present = (ids: (string | null | undefined)[]) => ids.filter((id): id is string => typeof id === 'string');
  return { categoryIds: present(categoryIds), locationIds: present(locationIds) };
}
