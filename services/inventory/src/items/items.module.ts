import { Module } from '@nestjs/common';
import { IdempotencyKeyPruner } from '../idempotency/idempotency-key-pruner.js';
import { ItemWriter } from './item-writer.js';
import { ItemsController } from './items.controller.js';
import { ItemsService } from './items.service.js';

@Module({ controllers: [ItemsController], providers: [ItemsService, ItemWriter, IdempotencyKeyPruner] })
export class ItemsModule {}
