import {
  MAX_NAMED_LIST,
  type CategoryIdRequest,
  type CreateCategoryRequest,
  type ListCategoriesRequest,
  type UpdateCategoryRequest,
} from '@inventory/contracts';
import { CategoryDescription, CategoryName, CategorySearch, IfGiven, PageLimit, PageOffset } from '@inventory/platform';
import { IsString } from 'class-validator';

export class ListCategoriesDto implements ListCategoriesRequest {
  @CategorySearch()
  search?: string;

  @PageLimit(MAX_NAMED_LIST)
  limit?: number;

  @PageOffset()
  offset?: number;
}

export class CategoryIdDto implements CategoryIdRequest {
  @IsString()
  id: string;
}

export class CreateCategoryDto implements CreateCategoryRequest {
  @CategoryName()
  name: string;

  @CategoryDescription()
  description?: string | null;
}

export class UpdateCategoryDto extends CategoryIdDto implements UpdateCategoryRequest {
  @IfGiven()
  @CategoryName()
  name?: string;

  @CategoryDescription()
  description?: string | null;
}
