import { Module } from '@nestjs/common';
import { ItemWriter } from './item-writer.js';
import { ItemsController } from './items.controller.js';
import { ItemsService } from './items.service.js';

@Module({ controllers: [ItemsController], providers: [ItemsService, ItemWriter] })
export class ItemsModule {}
