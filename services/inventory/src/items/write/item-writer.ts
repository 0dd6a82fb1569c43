import { Inject, Injectable, type Provider } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ItemCommand } from '../domain/item.js';
import { BatchedItemWriter } from './batching/batched-item-writer.js';
import type { CommandContext } from './command.js';
import { handleItemCommands, type Respond } from './handle-item-commands.js';

/** Where ItemsService sends a user's commands on an item. */
export abstract class ItemWriter {
  abstract run<R>(context: CommandContext, itemId: string, commands: ItemCommand[], respond: Respond<R>): Promise<R>;
}

/** Each request in its own transaction: the plain path, handleItemCommands. */
@Injectable()
export class PlainItemWriter implements ItemWriter {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  run<R>(context: CommandContext, itemId: string, commands: ItemCommand[], respond: Respond<R>): Promise<R> {
    return handleItemCommands(this.orm, context, itemId, commands, respond);
  }
}

/**
 * The batching wrapper by default; ITEM_WRITES=plain runs every request on the plain path (the
 * inventory bench compares both, docs/architecture.md "A write").
 */
export const itemWriterProvider = (writes: 'batched' | 'plain'): Provider => ({
  provide: ItemWriter,
  useClass: writes === 'plain' ? PlainItemWriter : BatchedItemWriter,
});
