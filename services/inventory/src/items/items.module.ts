import { Module } from '@nestjs/common';
import { getEnv } from '../config/env.js';
import { IdempotencyKeyPruner } from '../idempotency/idempotency-key-pruner.js';
import { ItemsController } from './items.controller.js';
import { ItemsService } from './items.service.js';
import { itemWriterProvider } from './write/item-writer.js';

@Module({ controllers: [ItemsController], providers: [ItemsService, itemWriterProvider(getEnv().ITEM_WRITES), IdempotencyKeyPruner] })
export class ItemsModule {}
