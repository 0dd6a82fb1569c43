import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InventorySubjects, type Actor, type Envelope, type ItemView, type MovementEntry, type MovementResult } from '@inventory/contracts';
import { RpcActor, RpcWriter, type JsonText } from '@inventory/platform';
import {
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
import { ItemsService } from './items.service.js';

type Meta = Envelope<unknown>['meta'];

@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @MessagePattern(InventorySubjects.listItems)
  /** An ItemPage, sent as JSON text. */
  list(@RpcActor() actor: Actor, @Payload('data') dto: ListItemsDto): Promise<JsonText> {
    return this.items.list(actor, dto);
  }

  @MessagePattern(InventorySubjects.getItem)
  get(@RpcActor() actor: Actor, @Payload('data') dto: ItemIdDto): Promise<ItemView> {
    return this.items.get(actor, dto);
  }

  @MessagePattern(InventorySubjects.findItemByCode)
  findByCode(@RpcActor() actor: Actor, @Payload('data') dto: CodeDto): Promise<ItemView> {
    return this.items.findByCode(actor, dto);
  }

  @MessagePattern(InventorySubjects.registerItem)
  register(@RpcWriter() actor: Actor, @Payload('meta') meta: Meta, @Payload('data') dto: RegisterItemDto): Promise<ItemView> {
    return this.items.register(actor, meta, dto);
  }

  @MessagePattern(InventorySubjects.updateItem)
  update(@RpcWriter() actor: Actor, @Payload('meta') meta: Meta, @Payload('data') dto: UpdateItemDto): Promise<ItemView> {
    return this.items.update(actor, meta, dto);
  }

  @MessagePattern(InventorySubjects.archiveItem)
  archive(@RpcWriter() actor: Actor, @Payload('meta') meta: Meta, @Payload('data') dto: ItemIdDto): Promise<ItemView> {
    return this.items.archive(actor, meta, dto);
  }

  @MessagePattern(InventorySubjects.recordMovement)
  recordMovement(@RpcWriter() actor: Actor, @Payload('meta') meta: Meta, @Payload('data') dto: RecordMovementDto): Promise<MovementResult> {
    return this.items.recordMovement(actor, meta, dto);
  }

  @MessagePattern(InventorySubjects.transferStock)
  transfer(@RpcWriter() actor: Actor, @Payload('meta') meta: Meta, @Payload('data') dto: TransferStockDto): Promise<MovementResult> {
    return this.items.transfer(actor, meta, dto);
  }

  @MessagePattern(InventorySubjects.undoMovement)
  undo(@RpcWriter() actor: Actor, @Payload('meta') meta: Meta, @Payload('data') dto: UndoMovementDto): Promise<MovementResult> {
    return this.items.undo(actor, meta, dto);
  }

  @MessagePattern(InventorySubjects.listMovements)
  movements(@RpcActor() actor: Actor, @Payload('data') dto: ListMovementsDto): Promise<MovementEntry[]> {
    return this.items.movements(actor, dto);
  }
}
