import {
  CATEGORY_NAME_MAX_LENGTH,
  type CategoryIdRequest,
  type CreateCategoryRequest,
  type ListCategoriesRequest,
  type UpdateCategoryRequest,
} from '@inventory/contracts';
import { CategoryDescription, CategoryName, IfGiven, Trim } from '@inventory/platform';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class ListCategoriesDto implements ListCategoriesRequest {
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(CATEGORY_NAME_MAX_LENGTH)
  search?: string;
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
