import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  CountMessages as M,
  InventoryMessages,
  MAX_COUNT_ITEMS,
  MAX_COUNTS_LISTED,
  MAX_OPEN_COUNTS,
  countReason,
  type Actor,
  type CountLineView,
  type CountPerson,
  type CountSummary,
  type CountView,
} from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { ItemCommand } from '../items/domain/item.js';
import { quantityAt } from '../items/domain/stock.js';
import { now, type CommandContext } from '../items/write/command.js';
import { decideItems } from '../items/write/decide-items.js';
import { loadItemStates } from '../items/write/item-states.js';
import { findItem } from '../items/read-models/item-views.js';
import { awaitReferences, lockReferences } from '../replicas/references.js';
import { totalsOf, varianceOf } from './count-math.js';
import {
  closeSession,
  countRows,
  dropInactiveLines,
  findSession,
  hasLine,
  insertSession,
  lineCount,
  listSessions,
  movedSinceCounted,
  openSessionCount,
  recordBooked,
  scopeNames,
  scopeSize,
  upsertLine,
  type CountRow,
  type CountSession,
} from './count-store.js';
import type { ApplyCountDto, CountRefDto, OpenCountDto, RecordCountDto } from './counts.dto.js';

/** Items decided and appended per statement when a count is applied (all in one transaction). */
const APPLY_CHUNK = 200;

/**
 * Stock counts (docs/counts.md): sessions and their lines are plain rows of this service; applying
 * one books AdjustStock commands through the items' decider in the same transaction that closes it.
 */
@Injectable()
export class CountsService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async open(actor: Actor, dto: OpenCountDto): Promise<CountView> {
    const scope = { locationId: dto.locationId ?? null, categoryId: dto.categoryId ?? null };
    const references = { locationIds: scope.locationId ? [scope.locationId] : [], categoryIds: scope.categoryId ? [scope.categoryId] : [] };
    // A place or category created a moment ago may still be on its way to the replicas.
    await awaitReferences(this.orm.em.fork(), references);
    const id = randomUUID();
    await this.orm.em.fork().transactional(async (tx) => {
      await lockReferences(tx, actor.workspaceId, references);
      if ((await openSessionCount(tx, actor.workspaceId)) >= MAX_OPEN_COUNTS) throw new ServiceError('CONFLICT', M.tooManyOpen);
      if ((await scopeSize(tx, actor.workspaceId, scope)) > MAX_COUNT_ITEMS) throw new ServiceError('VALIDATION', M.tooLarge);
      await insertSession(tx, { id, workspaceId: actor.workspaceId, ...scope, createdBy: personOf(actor) });
    });
    return this.get(actor, { id });
  }

  async list(actor: Actor): Promise<CountSummary[]> {
    const em = this.orm.em.fork();
    const sessions = await listSessions(em, actor.workspaceId, MAX_COUNTS_LISTED);
    const named = await scopeNames(em, actor.workspaceId, sessions);
    return sessions.map((session) => summaryOf(session, named(session)));
  }

  async get(actor: Actor, { id }: CountRefDto): Promise<CountView> {
    const em = this.orm.em.fork();
    return this.viewOf(em, await this.sessionOf(em, actor, id));
  }

  /**
   * Records what someone counted of an item (again: a recount, which also takes the books' quantity
   * afresh). Several people record lines of one count at once: each is its own row.
   */
  record(actor: Actor, { id, itemId, counted }: RecordCountDto): Promise<CountLineView> {
    return this.orm.em.fork().transactional(async (tx) => {
      const session = await this.sessionOf(tx, actor, id, 'share');
      if (session.status !== 'open') throw new ServiceError('CONFLICT', M.notOpen);
      const item = isUUID(itemId) ? await findItem(tx, actor.workspaceId, itemId) : null;
      if (item?.status !== 'active') throw new ServiceError('NOT_FOUND', InventoryMessages.itemNotFound);
      if (session.categoryId !== null && item.details.categoryId !== session.categoryId)
        throw new ServiceError('CONFLICT', M.outOfCategory);
      if (!(await hasLine(tx, id, itemId)) && (await lineCount(tx, id)) >= MAX_COUNT_ITEMS) throw new ServiceError('CONFLICT', M.tooLarge);
      const expected = quantityAt(item.stock, session.locationId);
      const countedBy = personOf(actor);
      const countedAt = await upsertLine(tx, { sessionId: id, itemId, counted, expected, itemVersion: item.version, countedBy });
      return {
        itemId,
        name: item.details.name,
        sku: item.details.sku,
        unitPrice: item.details.unitPrice,
        expected,
        counted,
        ...varianceOf(counted, expected, item.details.unitPrice),
        currentQuantity: expected,
        changedSinceCounted: false,
        countedBy,
        countedAt,
      };
    });
  }

  /**
   * Books one adjustment per counted item whose count differs from its stock at the place (reason
   * `Count <day>`), and closes the count, in one transaction: all or nothing, and only once (a second
   * apply finds it closed). Items that moved at the place since they were counted are refused unless
   * `override`: then their counted quantity is booked as the new level all the same.
   */
  async apply(actor: Actor, { id, override }: ApplyCountDto): Promise<CountView> {
    const em = this.orm.em.fork();
    await em.transactional(async (tx) => {
      const session = await this.sessionOf(tx, actor, id, 'update');
      if (session.status === 'applied') throw new ServiceError('CONFLICT', M.alreadyApplied);
      if (session.status === 'cancelled') throw new ServiceError('CONFLICT', M.cancelled);
      await dropInactiveLines(tx, session);
      const lines = (await countRows(tx, session)).filter((row) => row.line !== null);
      if (lines.length === 0) throw new ServiceError('CONFLICT', M.nothingCounted);
      // Locks as every stock write takes them: the place (shared) first, then the items' rows.
      if (session.locationId !== null) await lockReferences(tx, actor.workspaceId, { categoryIds: [], locationIds: [session.locationId] });
      const itemIds = lines.map((row) => row.itemId);
      const states = await loadItemStates(
        tx,
        itemIds.map((itemId) => ({ workspaceId: actor.workspaceId, itemId })),
        { lock: true },
      );
      const moved = await movedSinceCounted(tx, session);
      if (moved.size > 0 && !override)
        throw new ServiceError('CONFLICT', M.changedSinceCounted(lines.filter((row) => moved.has(row.itemId)).map((row) => row.name)));
      const context: CommandContext = {
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        userName: actor.userName,
        correlationId: id,
        occurredAt: now(),
      };
      const reason = countReason(session.createdAt);
      const booked = lines.map((row, i) => {
        const before = quantityAt(states[i].stock, session.locationId);
        const counted = row.line!.counted;
        return {
          itemId: row.itemId,
          before,
          counted,
          unitPrice: states[i].details.unitPrice,
          movementId: counted === before ? null : randomUUID(),
        };
      });
      const writes = booked.filter((b) => b.movementId !== null);
      for (let start = 0; start < writes.length; start += APPLY_CHUNK) {
        const chunk = writes.slice(start, start + APPLY_CHUNK);
        const decided = await decideItems(
          tx,
          chunk.map((b) => ({
            itemId: b.itemId,
            requests: [{ context, commands: [adjustment(b.counted, session.locationId, reason, b.movementId!)] }],
          })),
          { lock: true },
        );
        const refused = decided.outcomes.flat().find((outcome) => outcome instanceof ServiceError);
        if (refused) throw refused;
        await decided.append();
      }
      await recordBooked(tx, id, booked);
      await closeSession(tx, id, 'applied', personOf(actor));
    });
    return this.get(actor, { id });
  }

  /** Cancels an open count; cancelling a cancelled one changes nothing, an applied one cannot be. */
  cancel(actor: Actor, { id }: CountRefDto): Promise<CountSummary> {
    return this.orm.em.fork().transactional(async (tx) => {
      const session = await this.sessionOf(tx, actor, id, 'update');
      if (session.status === 'applied') throw new ServiceError('CONFLICT', M.alreadyApplied);
      if (session.status === 'open') await closeSession(tx, id, 'cancelled', personOf(actor));
      const closed = (await findSession(tx, actor.workspaceId, id))!;
      return summaryOf(closed, (await scopeNames(tx, actor.workspaceId, [closed]))(closed));
    });
  }

  /** One of the workspace's counts; anything else answers 404 like a missing one. */
  private async sessionOf(em: EntityManager, actor: Actor, id: string, lock?: 'share' | 'update'): Promise<CountSession> {
    const session = isUUID(id) ? await findSession(em, actor.workspaceId, id, lock) : null;
    if (!session) throw new ServiceError('NOT_FOUND', M.notFound);
    return session;
  }

  private async viewOf(em: EntityManager, session: CountSession): Promise<CountView> {
    const rows = await countRows(em, session);
    const named = await scopeNames(em, session.workspaceId, [session]);
    const moved = session.status === 'open' ? await movedSinceCounted(em, session) : new Set<string>();
    const lines = rows.map((row) => lineOf(row, session, moved));
    return { ...summaryOf(session, named(session)), lines, totals: totalsOf(lines) };
  }
}

const personOf = (actor: Actor): CountPerson => ({ id: actor.userId, name: actor.userName ?? null });

const adjustment = (newLevel: number, locationId: string | null, reason: string, movementId: string): ItemCommand => ({
  type: 'AdjustStock',
  data: { newLevel, locationId, reason, movementId },
});

function summaryOf(session: CountSession, names: Pick<CountSummary, 'location' | 'category'>): CountSummary {
  return {
    id: session.id,
    status: session.status,
    ...names,
    createdBy: session.createdBy,
    createdAt: session.createdAt,
    closedAt: session.closedAt,
    closedBy: session.closedBy,
    countedItems: session.countedItems,
  };
}

function lineOf(row: CountRow, session: CountSession, moved: Set<string>): CountLineView {
  const currentQuantity = quantityAt(row.stock, session.locationId);
  const expected = row.line?.expected ?? currentQuantity;
  // An applied count values its lines at the price they were booked at.
  const unitPrice = row.line?.unitPrice ?? row.unitPrice;
  return {
    itemId: row.itemId,
    name: row.name,
    sku: row.sku,
    unitPrice,
    expected,
    counted: row.line?.counted ?? null,
    ...varianceOf(row.line?.counted ?? null, expected, unitPrice),
    currentQuantity,
    changedSinceCounted: moved.has(row.itemId),
    countedBy: row.line?.countedBy ?? null,
    countedAt: row.line?.countedAt ?? null,
  };
}
