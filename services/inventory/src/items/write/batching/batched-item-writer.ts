import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ServiceError } from '@inventory/platform';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentResponse } from '../../../idempotency/idempotency-keys.js';
import { awaitReferences } from '../../../replicas/references.js';
import type { ItemCommand } from '../../domain/item.js';
import { hasReferences, referencesOf, type CommandContext, type ItemRequest } from '../command.js';
import { asRefusal } from '../decide.js';
import { decideItems } from '../decide-items.js';
import { retryOnConflict, type Respond } from '../handle-item-commands.js';
import type { ItemWriter } from '../item-writer.js';
import { CommitGroups } from './commit-groups.js';

/** A request waiting for its turn on the item, with how to answer it. */
interface PendingRequest extends ItemRequest {
  respond: Respond<unknown>;
  resolve: (response: unknown) => void;
  reject: (error: unknown) => void;
}

/** Requests for one item, applied together. */
interface ItemBatch {
  itemId: string;
  requests: PendingRequest[];
}

type Settled = { response: unknown } | { error: ServiceError };

/** Most requests applied in one transaction on a busy item. */
const MAX_BATCH = 100;

/**
 * The same steps as handleItemCommands (../handle-item-commands.ts), batched for throughput
 * (docs/architecture.md, "A write"). Writers of one item queue up on its lock anyway, so requests
 * for an item that arrive while its transaction runs wait here and then go together, in arrival
 * order, in the next one: one lock, one append and one commit for the lot. A busy ("hot") item then
 * takes as many writes per second as any other. Batches of different items that need no
 * transaction (no Idempotency-Key, no category or place to lock) are group-committed as well: one
 * read of their snapshots and one append statement for all.
 */
@Injectable()
export class BatchedItemWriter implements ItemWriter {
  /** Requests waiting for the running transaction on their item to end, per workspace and item. */
  private readonly waiting = new Map<string, PendingRequest[]>();
  private readonly groups = new CommitGroups<ItemBatch, Settled[]>((batches) => this.commitGroup(batches), { maxSize: 64, maxRunning: 1 });

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async run<R>(context: CommandContext, itemId: string, commands: ItemCommand[], respond: Respond<R>): Promise<R> {
    // Before queueing: a category or place created a moment ago may still be on its way to the replicas.
    await awaitReferences(this.orm.em.fork(), referencesOf(commands));
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

  /**
   * The append is one statement (events, snapshot, item row, outbox rows), atomic on its own, and
   * checks the expected version. A transaction, with the item's snapshot locked, is needed only when
   * more must commit with it: Idempotency-Key answers, or share locks on the categories and places named.
   */
  private async commitAlone(batch: ItemBatch): Promise<Settled[]> {
    const [settled] = await retryOnConflict(() => {
      const em = this.orm.em.fork();
      return needsTransaction(batch.requests)
        ? em.transactional((tx) => applyPending(tx, [batch], true))
        : applyPending(em, [batch], false);
    });
    return settled;
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
      const claim = await claimIdempotencyKey(em, context.idempotency).catch(asRefusal);
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

/** Whether the requests need a transaction: anything to commit besides the append. */
const needsTransaction = (requests: ItemRequest[]) =>
  requests.some(({ context, commands }) => context.idempotency !== undefined || hasReferences(commands));
