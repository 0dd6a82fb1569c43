import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { InventoryMessages as M } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { VersionConflictError } from '../../event-store/event-store.js';
import { claimIdempotencyKey, storeIdempotentResponse } from '../../idempotency/idempotency-keys.js';
import { awaitReferences, lockReferences } from '../../replicas/references.js';
import type { ItemCommand } from '../domain/item.js';
import { appendItemEvents } from './append.js';
import { referencesOf, type CommandContext, type CommandOutcome } from './command.js';
import { decideRequest } from './decide.js';
import { loadItemStates } from './item-states.js';

/** Builds a command's answer from its outcome, in its transaction. */
export type Respond<R> = (em: EntityManager, outcome: CommandOutcome) => Promise<R>;

/** Attempts of a write that keeps meeting concurrent appends before it answers 409. */
export const MAX_ATTEMPTS = 4;

/**
 * A user's commands on one item, start to end (docs/architecture.md, "A write"): in one
 * transaction, claim the Idempotency-Key, apply the commands, build the answer and keep it for the
 * key. A repeated key gets the kept answer and writes nothing; a refusal rolls everything back, the
 * key's claim included. The batching wrapper (batching/batched-item-writer.ts) runs the same steps
 * for many requests at once.
 */
export async function handleItemCommands<R>(
  orm: MikroORM,
  context: CommandContext,
  itemId: string,
  commands: ItemCommand[],
  respond: Respond<R>,
): Promise<R> {
  // Outside the transaction: a category or place created a moment ago may still be on its way to the replicas.
  await awaitReferences(orm.em.fork(), referencesOf(commands));
  return retryOnConflict(() =>
    orm.em.fork().transactional(async (em) => {
      if (context.idempotency) {
        const claim = await claimIdempotencyKey(em, context.idempotency);
        if (!claim.claimed) return claim.response as R;
      }
      const outcome = await applyItemCommands(em, context, itemId, commands);
      const response = await respond(em, outcome);
      if (context.idempotency) await storeIdempotentResponse(em, context.idempotency, response);
      return response;
    }),
  );
}

/**
 * The commands applied in the caller's transaction: lock the categories and places they name, load
 * the item's state (its snapshot, locked), decide, append. A refusal is thrown.
 */
export async function applyItemCommands(
  em: EntityManager,
  context: CommandContext,
  itemId: string,
  commands: ItemCommand[],
): Promise<CommandOutcome> {
  await lockReferences(em, context.workspaceId, referencesOf(commands));
  const [state] = await loadItemStates(em, [{ workspaceId: context.workspaceId, itemId, commands }], { lock: true });
  const outcome = decideRequest(state, itemId, { context, commands });
  await appendItemEvents(em, [{ expectedVersion: state.version, ...outcome }]);
  return outcome;
}

/**
 * Runs a write again when another writer appended to its item first: on the plain path only while
 * the item has no snapshot to lock yet, on the batching wrapper's unlocked group commits at any time.
 * After MAX_ATTEMPTS the caller is told to try again (409).
 */
export async function retryOnConflict<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      if (attempt === MAX_ATTEMPTS) throw new ServiceError('CONFLICT', M.concurrentChange);
    }
  }
}
