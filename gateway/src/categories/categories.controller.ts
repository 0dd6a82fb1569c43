import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
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
import { rpc } from '@inventory/platform';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { getEnv } from '../config/env.js';
import { NATS_CLIENT } from '../nats/nats-client.module.js';
import { CategoryDto, CreateCategoryBody, ListCategoriesQuery, UpdateCategoryBody } from './categories.dto.js';

@ApiTags('categories')
@ApiNotFoundResponse({ description: 'No such category of yours (another user’s answers the same)' })
@WorkspaceData()
@Controller('categories')
export class CategoriesController {
  private readonly timeoutMs = getEnv().RPC_TIMEOUT_MS;

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  @Get()
  @ApiOperation({ summary: 'Your categories by name, each with its count of active items' })
  @ApiOkResponse({ type: CategoryDto, isArray: true })
  list(@CurrentActor() actor: Actor, @Query() query: ListCategoriesQuery): Promise<CategoryView[]> {
    return rpc(this.nats, CatalogSubjects.listCategories, query, { actor, timeoutMs: this.timeoutMs });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your categories, with its count of active items' })
  @ApiOkResponse({ type: CategoryDto })
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<CategoryView> {
    return rpc(this.nats, CatalogSubjects.getCategory, { id }, { actor, timeoutMs: this.timeoutMs });
  }

  @Post()
  @ApiOperation({ summary: 'Create a category (names are unique per workspace, ignoring case)' })
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiBadRequestResponse({ description: "'Category name is required', a name over 100 characters, ..." })
  @ApiConflictResponse({ description: "'A category with this name already exists' (ignoring case)" })
  create(@CurrentActor() actor: Actor, @Body() body: CreateCategoryBody): Promise<CategoryView> {
    return rpc(this.nats, CatalogSubjects.createCategory, body, { actor, timeoutMs: this.timeoutMs });
  }

  @Put(':id')
  @ApiOperation({ summary: "Change a category's name and description" })
  @ApiOkResponse({ type: CategoryDto })
  @ApiBadRequestResponse({ description: 'Invalid name or description' })
  @ApiConflictResponse({ description: "'A category with this name already exists' (ignoring case)" })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: UpdateCategoryBody): Promise<CategoryView> {
    return rpc(this.nats, CatalogSubjects.updateCategory, { ...body, id }, { actor, timeoutMs: this.timeoutMs });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a category; its items become uncategorised' })
  @ApiNoContentResponse()
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await rpc(this.nats, CatalogSubjects.deleteCategory, { id }, { actor, timeoutMs: this.timeoutMs });
  }
}
