import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { CodeMessages, InventoryMessages as M, type ItemEvent } from '@inventory/contracts';
import { newEvent, ServiceError } from '@inventory/platform';
import { isUniqueViolation } from '../database/sql.js';
import { appendToStreams, itemStreamId, readMovementEvents, VersionConflictError, type StreamAppend } from '../event-store/event-store.js';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentResponse,
  type IdempotentRequest,
} from '../idempotency/idempotency-keys.js';
import { awaitReferences, lockReferences, type References } from '../replicas/references.js';
import { CommitGroups } from './commit-groups.js';
import { decide, evolve, recordMovement } from './domain/item.decider.js';
import type { ItemCommand, ItemState } from './domain/item.js';
import { loadSnapshots, snapshotUpsert } from './read-models/item-views.js';

export interface CommandContext {
  /** The workspace the item belongs to: the actor's, or the one named by the event a consumer reacts to. */
  workspaceId: string;
  /** Who did it (recorded in the events' metadata), and their display name at the time. */
  userId: string;
  userName?: string;
  correlationId?: string;
  /** The event that caused this command, when a consumer issues it. */
  causationId?: string;
  idempotency?: IdempotentRequest;
  /**
   * When the facts happened, if not now: only the demo reset sets it (demo/demo.service.ts, with
   * times from its recipe, never from a caller), to give the demo a believable past (docs/demo.md).
   */
  occurredAt?: string;
}

export interface CommandOutcome {
  state: ItemState;
  events: ItemEvent[];
}

/** One caller's commands on an item. */
export interface ItemRequest {
  context: CommandContext;
  commands: ItemCommand[];
}

/** A request waiting for its turn on the item, with how to answer it. */
interface PendingRequest extends ItemRequest {
  respond: (em: EntityManager, outcome: CommandOutcome) => Promise<unknown>;
  resolve: (response: unknown) => void;
  reject: (error: unknown) => void;
}

/** Requests for one item, applied together. */
interface ItemBatch {
  itemId: string;
  requests: PendingRequest[];
}

/** Several requests for one item. */
interface ItemRequests {
  itemId: string;
  requests: ItemRequest[];
}

type Settled = { response: unknown } | { error: ServiceError };

/** Attempts of a write that keeps meeting concurrent appends before it answers 409. */
const MAX_ATTEMPTS = 4;
/** Most requests applied in one transaction on a busy item. */
const MAX_BATCH = 100;

/**
 * Runs users' commands in short transactions, retried on a concurrent append. Writers of one item
 * queue up on its row lock anyway, so requests for an item that arrive while its transaction runs
 * wait here and then go together, in arrival order, in the next one: one lock, one append and one
 * commit for the lot. A busy ("hot") item then takes as many writes per second as any other.
 *
 * Batches of different items that need no transaction (no Idempotency-Key, no category or place
 * to lock) are group-committed as well: one read of their rows and one append statement for all.
 */
@Injectable()
export class ItemWriter {
  /** Requests waiting for the running transaction on their item to end, per user and item. */
  private readonly waiting = new Map<string, PendingRequest[]>();
  private readonly groups = new CommitGroups<ItemBatch, Settled[]>((batches) => this.commitGroup(batches), { maxSize: 64, maxRunning: 1 });

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  /**
   * Applies the commands and builds the answer in one transaction. With an Idempotency-Key the
   * answer is stored in that transaction too, and a repeated key gets it back without a new event.
   */
  async run<R>(
    context: CommandContext,
    itemId: string,
    commands: ItemCommand[],
    respond: (em: EntityManager, outcome: CommandOutcome) => Promise<R>,
  ): Promise<R> {
    // Before queueing: a category or place created a moment ago may still be on its way to the replicas.
    const references = referencesOf(commands);
    if (references.categoryIds.length + references.locationIds.length > 0) await awaitReferences(this.orm.em.fork(), references);
    return new Promise<R>((resolve, reject) => {
      const request: PendingRequest = { context, commands, respond, resolve: resolve as (response: unknown) => void, reject };
      const key = `${context.workspaceId}:${itemId}`;
      const queue = this.waiting.get(key);
      if (queue) return void queue.push(request);
      this.waiting.set(key, [request]);
      void this.drain(key, itemId);
    });
  }

  private async drain(key: string, itemId: string): Promise<void> {
    const queue = this.waiting.get(key)!;
    while (queue.length > 0) await this.applyBatch({ itemId, requests: takeBatch(queue) });
    this.waiting.delete(key);
  }

  private async applyBatch(batch: ItemBatch): Promise<void> {
    try {
      const settled = await (needsTransaction(batch.requests) ? this.commitAlone(batch) : this.groups.submit(batch));
      batch.requests.forEach((request, i) => {
        const outcome = settled[i];
        if ('error' in outcome) request.reject(outcome.error);
        else request.resolve(outcome.response);
      });
    } catch (error) {
      if (batch.requests.length === 1) return batch.requests[0].reject(error);
      // Something failed the whole transaction (a taken SKU, a database error): one by one, so the
      // error reaches only the request that caused it.
      for (const request of batch.requests) await this.applyBatch({ itemId: batch.itemId, requests: [request] });
    }
  }

  /**
   * Several items' batches in one statement, in item order (two statements then meet on rows in
   * the same order). A conflict or an error on one item fails the statement: then each item on its
   * own, so it reaches only that item's requests.
   */
  private async commitGroup(batches: ItemBatch[]): Promise<PromiseSettledResult<Settled[]>[]> {
    if (batches.length > 1) {
      const ordered = [...batches].sort((a, b) => a.itemId.localeCompare(b.itemId));
      try {
        const settled = await applyPending(this.orm.em.fork(), ordered, false);
        const byBatch = new Map(ordered.map((batch, i) => [batch, settled[i]]));
        return batches.map((batch) => ({ status: 'fulfilled', value: byBatch.get(batch)! }));
      } catch {
        // each on its own, below
      }
    }
    return Promise.allSettled(batches.map((batch) => this.commitAlone(batch)));
  }

  private async commitAlone(batch: ItemBatch): Promise<Settled[]> {
    // The append is one statement (events, item row, outbox rows), atomic on its own, and checks the
    // expected version. A transaction, with the item's row locked, is needed only when more must
    // commit with it: Idempotency-Key answers, or share locks on the categories and places named.
    const transactional = needsTransaction(batch.requests);
    for (let attempt = 1; ; attempt++) {
      try {
        const em = this.orm.em.fork();
        const [settled] = transactional
          ? await em.transactional((tx) => applyPending(tx, [batch], true))
          : await applyPending(em, [batch], false);
        return settled;
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
        if (attempt === MAX_ATTEMPTS) throw new ServiceError('CONFLICT', M.concurrentChange);
      }
    }
  }
}

/**
 * The next batch, in arrival order. A request repeating an Idempotency-Key already in the batch
 * waits for the next one, where it finds the stored answer.
 */
function takeBatch(queue: PendingRequest[]): PendingRequest[] {
  const batch: PendingRequest[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < queue.length && batch.length < MAX_BATCH;) {
    const key = queue[i].context.idempotency?.key;
    if (key !== undefined && keys.has(key)) {
      i++;
      continue;
    }
    if (key !== undefined) keys.add(key);
    batch.push(...queue.splice(i, 1));
  }
  return batch;
}

/**
 * Claims keys, decides the requests together, answers each and then appends, so nothing is written
 * unless every answer could be built (outside a transaction the append is the only write).
 */
async function applyPending(em: EntityManager, batches: ItemBatch[], inTransaction: boolean): Promise<Settled[][]> {
  const settled = batches.map((): Settled[] => []);
  const fresh = batches.map((): number[] => []);
  for (const [b, { requests }] of batches.entries()) {
    for (const [i, { context }] of requests.entries()) {
      if (!context.idempotency) {
        fresh[b].push(i);
        continue;
      }
      const claim = await refusalOr(() => claimIdempotencyKey(em, context.idempotency!));
      if (claim instanceof ServiceError) settled[b][i] = { error: claim };
      else if (claim.claimed) fresh[b].push(i);
      else settled[b][i] = { response: claim.response };
    }
  }
  const decided = await decideItems(
    em,
    batches.map(({ itemId, requests }, b) => ({ itemId, requests: fresh[b].map((i) => requests[i]) })),
    { lock: inTransaction },
  );
  for (const [b, { requests }] of batches.entries()) {
    for (const [n, i] of fresh[b].entries()) {
      const outcome = decided.outcomes[b][n];
      const { context, respond } = requests[i];
      if (outcome instanceof ServiceError) {
        // Refused: the key stays free, as if this request had never come.
        if (context.idempotency) await releaseIdempotencyKey(em, context.idempotency);
        settled[b][i] = { error: outcome };
        continue;
      }
      const response = await respond(em, outcome);
      if (context.idempotency) await storeIdempotentResponse(em, context.idempotency, response);
      settled[b][i] = { response };
    }
  }
  await decided.append();
  return settled;
}

/** One caller's commands, applied in the caller's transaction; a refusal is thrown. */
export async function applyItemCommands(
  em: EntityManager,
  context: CommandContext,
  itemId: string,
  commands: ItemCommand[],
): Promise<CommandOutcome> {
  const [outcome] = await applyItemRequests(em, itemId, [{ context, commands }]);
  if (outcome instanceof ServiceError) throw outcome;
  return outcome;
}

/** Decides and appends in the caller's transaction. */
export async function applyItemRequests(
  em: EntityManager,
  itemId: string,
  requests: ItemRequest[],
): Promise<(CommandOutcome | ServiceError)[]> {
  const decided = await decideItems(em, [{ itemId, requests }], { lock: true });
  await decided.append();
  return decided.outcomes[0];
}

/**
 * Decides each item's requests in turn against the item's state; `append` then records all the
 * events in one statement: the expected-version appends, the read-model rows and the outbox rows.
 * A request the rules refuse gets its ServiceError in its place and leaves the state as it was for
 * the next one. `lock` locks the references and the items' rows until the caller's transaction ends.
 */
export async function decideItems(
  em: EntityManager,
  items: ItemRequests[],
  { lock }: { lock: boolean },
): Promise<{ outcomes: (CommandOutcome | ServiceError)[][]; append: () => Promise<void> }> {
  const asked = items.filter(({ requests }) => requests.length > 0);
  const loaded = await loadStates(em, asked, lock);
  // By request object, not item id: one item may come twice, asked by its owner and by someone else.
  const initials = new Map(asked.map((item, i) => [item, loaded[i]]));
  const occurredAt = new Date().toISOString();
  const appends: StreamAppend[] = [];
  const states: ItemState[] = [];
  const outcomes: (CommandOutcome | ServiceError)[][] = [];
  for (const item of items) {
    const { itemId, requests } = item;
    const itemOutcomes: (CommandOutcome | ServiceError)[] = [];
    outcomes.push(itemOutcomes);
    if (requests.length === 0) continue;
    const initial = initials.get(item)!;
    let state = initial;
    const events: ItemEvent[] = [];
    for (const request of requests) {
      const outcome = await refusalOr(() => decideAll(state, itemId, request.context.occurredAt ?? occurredAt, request));
      itemOutcomes.push(outcome);
      if (outcome instanceof ServiceError) continue;
      state = outcome.state;
      events.push(...outcome.events);
    }
    if (events.length > 0) {
      appends.push({ streamId: itemStreamId(itemId), expectedVersion: initial.version, events });
      states.push(state);
    }
  }
  const append = async () => {
    if (appends.length === 0) return;
    try {
      await appendToStreams(em, appends, [snapshotUpsert(states)]);
    } catch (error) {
      if (isUniqueViolation(error, 'item_views_sku')) throw new ServiceError('CONFLICT', M.skuTaken);
      if (isUniqueViolation(error, 'item_barcodes_pkey')) throw new ServiceError('CONFLICT', CodeMessages.barcodesTaken);
      // Two ids whose short codes meet (docs/scanning.md): a new id on the next try.
      if (isUniqueViolation(error, 'item_views_code')) throw new ServiceError('CONFLICT', M.concurrentChange);
      throw error;
    }
  };
  return { outcomes, append };
}

/** The events of one request's commands, decided one after the other, and the state they lead to. */
function decideAll(initial: ItemState, itemId: string, occurredAt: string, { context, commands }: ItemRequest): CommandOutcome {
  let state = initial;
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

/** A business rule's refusal as a value; anything else still throws. */
async function refusalOr<T>(run: () => T | Promise<T>): Promise<T | ServiceError> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
}

/**
 * The items' rows as their starting states, plus the one movement an undo refers to. Locking, the
 * categories and places the commands name are locked first, the items second: the same order as a
 * deletion being applied, so no deadlock.
 */
async function loadStates(em: EntityManager, items: ItemRequests[], lock: boolean): Promise<ItemState[]> {
  const owned = items.map(({ itemId, requests }) => ({
    itemId,
    workspaceId: requests[0].context.workspaceId,
    commands: requests.flatMap((request) => request.commands),
  }));
  if (lock) for (const { workspaceId, commands } of owned) await lockReferences(em, workspaceId, referencesOf(commands));
  const states = owned.length > 0 ? await loadSnapshots(em, owned, { lock }) : [];
  for (const [i, { itemId, commands }] of owned.entries()) {
    const state = states[i];
    for (const command of commands) {
      if (command.type !== 'UndoMovement' || state.status === 'absent') continue;
      const events = await readMovementEvents(em, itemStreamId(itemId), command.data.targetMovementId);
      state.movements = events.reduce(recordMovement, state.movements);
    }
  }
  return states;
}

/** Whether the requests need a transaction: anything to commit besides the append. */
const needsTransaction = (requests: ItemRequest[]) =>
  requests.some(({ context, commands }) => context.idempotency !== undefined || hasReferences(commands));

const hasReferences = (commands: ItemCommand[]) => {
  const { categoryIds, locationIds } = referencesOf(commands);
  return categoryIds.length + locationIds.length > 0;
};

/** The categories and places the commands point at (deletions detach, so they point at none). */
function referencesOf(commands: ItemCommand[]): References {
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
