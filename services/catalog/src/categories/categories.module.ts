import { Module } from '@nestjs/common';
import { CategoryItemCounts } from '../item-counts/category-item-counts.js';
import { CategoriesController } from './categories.controller.js';
import { CategoriesService } from './categories.service.js';

@Module({ controllers: [CategoriesController], providers: [CategoriesService, CategoryItemCounts] })
export class CategoriesModule {}
