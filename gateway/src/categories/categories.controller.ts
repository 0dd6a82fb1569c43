import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CatalogSubjects, type Actor, type CategoryView } from '@inventory/contracts';
import type { Response } from 'express';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { NAMED_LIST_TOTAL_HEADER } from '../docs/list-headers.js';
import { CatalogClient } from '../nats/service-clients.js';
import { CategoryDto, CreateCategoryBody, ListCategoriesQuery, UpdateCategoryBody } from './categories.dto.js';

@ApiTags('categories')
@ApiNotFoundResponse({ description: 'No such category of yours (another user’s answers the same)' })
@WorkspaceData()
@Controller('categories')
export class CategoriesController {
  constructor(private readonly catalog: CatalogClient) {}

  @Get()
  @ApiOperation({ summary: 'Your categories by name, each with its count of active items; paged on request (total in X-Total-Count)' })
  @ApiOkResponse({ type: CategoryDto, isArray: true, headers: NAMED_LIST_TOTAL_HEADER })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: ListCategoriesQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CategoryView[]> {
    const { items, total } = await this.catalog.call(CatalogSubjects.listCategories, query, actor);
    res.setHeader('X-Total-Count', total);
    return items;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your categories, with its count of active items' })
  @ApiOkResponse({ type: CategoryDto })
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<CategoryView> {
    return this.catalog.call(CatalogSubjects.getCategory, { id }, actor);
  }

  @Post()
  @ApiOperation({ summary: 'Create a category (names are unique per workspace, ignoring case)' })
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiBadRequestResponse({ description: "'Category name is required', a name over 100 characters, ..." })
  @ApiConflictResponse({ description: "'A category with this name already exists' (ignoring case)" })
  create(@CurrentActor() actor: Actor, @Body() body: CreateCategoryBody): Promise<CategoryView> {
    return this.catalog.call(CatalogSubjects.createCategory, body, actor);
  }

  @Put(':id')
  @ApiOperation({ summary: "Change a category's name and description" })
  @ApiOkResponse({ type: CategoryDto })
  @ApiBadRequestResponse({ description: 'Invalid name or description' })
  @ApiConflictResponse({ description: "'A category with this name already exists' (ignoring case)" })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: UpdateCategoryBody): Promise<CategoryView> {
    return this.catalog.call(CatalogSubjects.updateCategory, { ...body, id }, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a category; its items become uncategorised' })
  @ApiNoContentResponse()
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.catalog.call(CatalogSubjects.deleteCategory, { id }, actor);
  }
}
