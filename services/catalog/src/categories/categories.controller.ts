import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogSubjects, DemoSubjects, type Actor, type CategoryView, type NamedListPage } from '@inventory/contracts';
import { RpcActor, RpcDemoActor, RpcWriter } from '@inventory/platform';
import { CategoriesService } from './categories.service.js';
import { CategoryIdDto, CreateCategoryDto, ListCategoriesDto, UpdateCategoryDto } from './categories.dto.js';

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @MessagePattern(CatalogSubjects.listCategories)
  list(@RpcActor() actor: Actor, @Payload('data') dto: ListCategoriesDto): Promise<NamedListPage<CategoryView>> {
    return this.categories.list(actor, dto);
  }

  @MessagePattern(CatalogSubjects.getCategory)
  get(@RpcActor() actor: Actor, @Payload('data') dto: CategoryIdDto): Promise<CategoryView> {
    return this.categories.get(actor, dto);
  }

  @MessagePattern(CatalogSubjects.createCategory)
  create(@RpcWriter() actor: Actor, @Payload('data') dto: CreateCategoryDto): Promise<CategoryView> {
    return this.categories.create(actor, dto);
  }

  @MessagePattern(CatalogSubjects.updateCategory)
  update(@RpcWriter() actor: Actor, @Payload('data') dto: UpdateCategoryDto): Promise<CategoryView> {
    return this.categories.update(actor, dto);
  }

  @MessagePattern(CatalogSubjects.deleteCategory)
  delete(@RpcWriter() actor: Actor, @Payload('data') dto: CategoryIdDto): Promise<null> {
    return this.categories.delete(actor, dto);
  }

  /** The demo reset's first step here (docs/demo.md). */
  @MessagePattern(DemoSubjects.clearCatalog)
  clearDemo(@RpcDemoActor() actor: Actor): Promise<null> {
    return this.categories.clearWorkspace(actor).then(() => null);
  }
}
