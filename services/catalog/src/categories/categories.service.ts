import { Injectable } from '@nestjs/common';
import { raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { CategoryMessages, type Actor, type CategoryView, type NamedListPage } from '@inventory/contracts';
import { conflict, containsPattern, runSql, ServiceError, workspaceClearedEvent, writeOutbox } from '@inventory/platform';
import { isUUID } from 'class-validator';
import { CategoryItemCounts } from '../item-counts/category-item-counts.js';
import type { CategoryIdDto, CreateCategoryDto, ListCategoriesDto, UpdateCategoryDto } from './categories.dto.js';
import { categoryCreated, categoryDeleted, categoryRenamed } from './category.events.js';
import { Category } from './category.entity.js';
import { toCategoryView } from './category.view.js';

/** A workspace's categories. Every change commits with its event in the outbox. */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly em: EntityManager,
    private readonly counts: CategoryItemCounts,
  ) {}

  async list(actor: Actor, { search, limit, offset }: ListCategoriesDto): Promise<NamedListPage<CategoryView>> {
    const [categories, total] = await this.em.findAndCount(
      Category,
      { workspaceId: actor.workspaceId, ...(search ? { name: { $ilike: containsPattern(search) } } : {}) },
      { orderBy: { [raw('lower(name)')]: 'asc', createdAt: 'asc', id: 'asc' }, limit, offset },
    );
    const counts = await this.counts.forCategories(
      actor.workspaceId,
      categories.map((category) => category.id),
    );
    return { items: categories.map((category) => toCategoryView(category, counts.get(category.id) ?? 0)), total };
  }

  async get(actor: Actor, { id }: CategoryIdDto): Promise<CategoryView> {
    return this.view(actor, await this.find(this.em, actor, id));
  }

  create(actor: Actor, dto: CreateCategoryDto): Promise<CategoryView> {
    return this.write(async (em) => {
      const category = em.create(Category, {
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        name: dto.name,
        description: dto.description ?? null,
      });
      await em.flush();
      await writeOutbox(em, [categoryCreated(category, actor)]);
      return toCategoryView(category, 0);
    });
  }

  update(actor: Actor, { id, ...changes }: UpdateCategoryDto): Promise<CategoryView> {
    return this.write(async (em) => {
      const category = await this.find(em, actor, id);
      const renamed = (changes.name ?? category.name) !== category.name;
      const described = changes.description !== undefined && changes.description !== category.description;
      if (!renamed && !described) return this.view(actor, category);
      category.name = changes.name ?? category.name;
      if (changes.description !== undefined) category.description = changes.description;
      await em.flush();
      await writeOutbox(em, [categoryRenamed(category, actor)]);
      return this.view(actor, category);
    });
  }

  /** Its items become uncategorised: inventory records that when it sees CategoryDeleted. */
  delete(actor: Actor, { id }: CategoryIdDto): Promise<null> {
    return this.write(async (em) => {
      const category = await this.find(em, actor, id);
      em.remove(category);
      await em.flush();
      await writeOutbox(em, [categoryDeleted(category, actor)]);
      return null;
    });
  }

  /** Every category of the actor's workspace goes, with no CategoryDeleted each: one WorkspaceCleared says it. */
  clearWorkspace(actor: Actor): Promise<void> {
    return this.write(async (em) => {
      await runSql(em, 'DELETE FROM categories WHERE workspace_id = ?', [actor.workspaceId]);
      await writeOutbox(em, [workspaceClearedEvent('catalog', actor)]);
    });
  }

  private async view(actor: Actor, category: Category): Promise<CategoryView> {
    const counts = await this.counts.forCategories(actor.workspaceId, [category.id]);
    return toCategoryView(category, counts.get(category.id) ?? 0);
  }

  /** Another workspace's category answers exactly like a missing one. */
  private async find(em: EntityManager, actor: Actor, id: string): Promise<Category> {
    const category = isUUID(id) ? await em.findOne(Category, { id, workspaceId: actor.workspaceId }) : null;
    if (!category) throw new ServiceError('NOT_FOUND', CategoryMessages.notFound);
    return category;
  }

  private async write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.em.transactional(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw conflict(CategoryMessages.duplicateName);
      throw error;
    }
  }
}
