import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  CodeMessages,
  InventoryMessages as M,
  InventorySubjects,
  type Actor,
  type Envelope,
  type ItemView,
  type MovementEntry,
  type MovementResult,
  WorkspacePermissions,
} from '@inventory/contracts';
import { pageJson, ServiceError, type JsonText } from '@inventory/platform';
import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { requestFingerprint } from '../idempotency/idempotency-keys.js';
import type { ItemCommand, ItemState } from './domain/item.js';
import { now, type CommandContext, type CommandOutcome } from './write/command.js';
import { ItemWriter } from './write/item-writer.js';
import type {
  CodeDto,
  ItemIdDto,
  ListItemsDto,
  ListMovementsDto,
  RecordMovementDto,
  RegisterItemDto,
  TransferStockDto,
  UndoMovementDto,
  UpdateItemDto,
} from './items.dto.js';
import { movementChanges } from './domain/item.decider.js';
import { findItem, itemViewOf, listItemsJson, referencesOfItems } from './read-models/item-views.js';
import { barcodeOfAnotherItem, findItemIdByCode } from './read-models/item-codes.js';
import { listMovements, movementOf } from './read-models/movement-timeline.js';
import { referenceNames } from './read-models/reference-names.js';

type Meta = Envelope<unknown>['meta'];

const MOVEMENT_COMMANDS = { in: 'ReceiveStock', out: 'IssueStock', adjustment: 'AdjustStock' } as const;
const UNDO_REASON = 'Undo';

/** The workspace's items: queries read the read model, commands go through the item's decider. */
@Injectable()
export class ItemsService {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly writer: ItemWriter,
  ) {}

  /** An ItemPage as JSON text: a page is large, and the gateway passes it to HTTP without parsing it. */
  async list(actor: Actor, query: ListItemsDto): Promise<JsonText> {
    return pageJson(await listItemsJson(this.orm.em.fork(), actor.workspaceId, query));
  }

  async get(actor: Actor, { id }: ItemIdDto): Promise<ItemView> {
    const em = this.orm.em.fork();
    const [view] = await viewsOf(em, actor.workspaceId, [await this.activeItem(em, actor, id)]);
    return view;
  }

  /** The item a scanned or typed code names: a short code, a barcode or a SKU. */
  async findByCode(actor: Actor, { code }: CodeDto): Promise<ItemView> {
    const em = this.orm.em.fork();
    const itemId = await findItemIdByCode(em, actor.workspaceId, code);
    const item = itemId ? await findItem(em, actor.workspaceId, itemId) : null;
    if (item?.status !== 'active') throw new ServiceError('NOT_FOUND', CodeMessages.itemCodeNotFound);
    const [view] = await viewsOf(em, actor.workspaceId, [item]);
    return view;
  }

  async movements(actor: Actor, { id, ...query }: ListMovementsDto): Promise<MovementEntry[]> {
    const em = this.orm.em.fork();
    await this.activeItem(em, actor, id);
    return listMovements(em, actor.workspaceId, id, query);
  }

  async register(actor: Actor, meta: Meta, dto: RegisterItemDto): Promise<ItemView> {
    await this.refuseTakenBarcodes(actor, null, dto.barcodes);
    const { currentStock, reorderLevel, ...details } = dto;
    const command: ItemCommand = {
      type: 'RegisterItem',
      data: {
        name: details.name,
        sku: details.sku ?? null,
        description: details.description ?? null,
        unitPrice: details.unitPrice,
        categoryId: details.categoryId ?? null,
        locationId: details.locationId ?? null,
        imageUrl: details.imageUrl ?? null,
        barcodes: details.barcodes ?? [],
        reorderLevel: reorderLevel ?? 0,
        initialStock: currentStock ?? 0,
        movementId: randomUUID(),
        lot: details.lot ?? null,
        expiresOn: details.expiresOn ?? null,
      },
    };
    return this.writer.run(this.context(actor, meta, InventorySubjects.registerItem, dto), randomUUID(), [command], (em, outcome) =>
      this.itemView(em, outcome),
    );
  }

  async update(actor: Actor, meta: Meta, dto: UpdateItemDto): Promise<ItemView> {
    if (isUUID(dto.id)) await this.refuseTakenBarcodes(actor, dto.id, dto.barcodes);
    const { id: _id, reorderLevel, ...changes } = dto;
    const commands: ItemCommand[] = [{ type: 'ChangeDetails', data: { changes } }];
    if (reorderLevel !== undefined) commands.push({ type: 'SetReorderLevel', data: { reorderLevel } });
    return this.write(actor, meta, InventorySubjects.updateItem, dto, commands, (em, outcome) => this.itemView(em, outcome));
  }

  archive(actor: Actor, meta: Meta, dto: ItemIdDto): Promise<ItemView> {
    return this.write(actor, meta, InventorySubjects.archiveItem, dto, [{ type: 'ArchiveItem', data: {} }], (em, outcome) =>
      this.itemView(em, outcome),
    );
  }

  recordMovement(actor: Actor, meta: Meta, dto: RecordMovementDto): Promise<MovementResult> {
    const movement = {
      locationId: dto.locationId ?? null,
      reason: dto.reason,
      movementId: randomUUID(),
      lot: dto.lot ?? null,
      expiresOn: dto.expiresOn ?? null,
    };
    const command: ItemCommand =
      dto.movementType === 'adjustment'
        ? { type: 'AdjustStock', data: { ...movement, newLevel: dto.quantity } }
        : { type: MOVEMENT_COMMANDS[dto.movementType], data: { ...movement, quantity: dto.quantity } };
    return this.write(actor, meta, InventorySubjects.recordMovement, dto, [command], (em, outcome) => this.movementResult(em, outcome));
  }

  transfer(actor: Actor, meta: Meta, dto: TransferStockDto): Promise<MovementResult> {
    const command: ItemCommand = {
      type: 'TransferStock',
      data: {
        fromLocationId: dto.fromLocationId ?? null,
        toLocationId: dto.toLocationId ?? null,
        quantity: dto.quantity,
        reason: dto.reason,
        movementId: randomUUID(),
        lot: dto.lot ?? null,
      },
    };
    return this.write(actor, meta, InventorySubjects.transferStock, dto, [command], (em, outcome) => this.movementResult(em, outcome));
  }

  undo(actor: Actor, meta: Meta, dto: UndoMovementDto): Promise<MovementResult> {
    const command: ItemCommand = {
      type: 'UndoMovement',
      data: {
        targetMovementId: dto.movementId,
        movementId: randomUUID(),
        reason: dto.reason ?? UNDO_REASON,
        actorUserId: actor.userId,
        mayUndoOthers: WorkspacePermissions.undoOthers(actor.workspaceRole),
      },
    };
    return this.write(actor, meta, InventorySubjects.undoMovement, dto, [command], (em, outcome) => this.movementResult(em, outcome));
  }

  /** A command on an existing item; an id that cannot be an item's answers 404 like a missing one. */
  private async write<R>(
    actor: Actor,
    meta: Meta,
    subject: string,
    dto: ItemIdDto,
    commands: ItemCommand[],
    respond: (em: EntityManager, outcome: CommandOutcome) => Promise<R>,
  ): Promise<R> {
    if (!isUUID(dto.id)) throw new ServiceError('NOT_FOUND', M.itemNotFound);
    return this.writer.run(this.context(actor, meta, subject, dto), dto.id, commands, respond);
  }

  /**
   * Names the barcode another item has, before writing: the key of item_barcodes still refuses it
   * if another write takes it meanwhile (then with a message that cannot name it).
   */
  private async refuseTakenBarcodes(actor: Actor, itemId: string | null, barcodes: string[] | undefined): Promise<void> {
    const taken = barcodes ? await barcodeOfAnotherItem(this.orm.em.fork(), actor.workspaceId, itemId, barcodes) : null;
    if (taken !== null) throw new ServiceError('CONFLICT', CodeMessages.barcodeTaken(taken));
  }

  private context(actor: Actor, meta: Meta, subject: string, payload: unknown): CommandContext {
    const key = meta?.idempotencyKey;
    return {
      workspaceId: actor.workspaceId,
      userId: actor.userId,
      userName: actor.userName,
      occurredAt: now(),
      correlationId: meta?.correlationId,
      idempotency: key ? { userId: actor.userId, key, fingerprint: requestFingerprint(subject, payload) } : undefined,
    };
  }

  private async itemView(em: EntityManager, { state }: CommandOutcome): Promise<ItemView> {
    const [view] = await viewsOf(em, state.workspaceId, [state]);
    return view;
  }

  private async movementResult(em: EntityManager, { state, events }: CommandOutcome): Promise<MovementResult> {
    const event = events[events.length - 1];
    const { categoryIds, locationIds } = referencesOfItems([state]);
    const moved = (movementChanges(event) ?? []).map((change) => change.locationId);
    const names = await referenceNames(em, state.workspaceId, categoryIds, [...locationIds, ...moved]);
    return { movement: movementOf(event, names), item: itemViewOf(state, names) };
  }

  /** An item of the workspace's that is not archived; anything else answers 404 like a missing one. */
  private async activeItem(em: EntityManager, actor: Actor, itemId: string): Promise<ItemState> {
    const item = isUUID(itemId) ? await findItem(em, actor.workspaceId, itemId) : null;
    if (item?.status !== 'active') throw new ServiceError('NOT_FOUND', M.itemNotFound);
    return item;
  }
}

/** The views of items, with one lookup of the names they need. */
async function viewsOf(em: EntityManager, workspaceId: string, states: ItemState[]): Promise<ItemView[]> {
  const { categoryIds, locationIds } = referencesOfItems(states);
  const names = await referenceNames(em, workspaceId, categoryIds, locationIds);
  return states.map((state) => itemViewOf(state, names));
}
