import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
  MAX_NAMED_LIST,
  type CategoryView,
  type CreateCategoryRequest,
  type ListCategoriesRequest,
  type UpdateCategoryRequest,
} from '@inventory/contracts';
import { CategoryDescription, CategoryName, CategorySearch, IfGiven, PageLimit, PageOffset } from '@inventory/platform';

export class ListCategoriesQuery implements ListCategoriesRequest {
  @ApiPropertyOptional({ description: 'Case-insensitive substring of the name' })
  @CategorySearch()
  search?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_NAMED_LIST, description: 'At most this many, by name. Left out: all' })
  @PageLimit(MAX_NAMED_LIST)
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0, description: 'How many of the matches, by name, to skip' })
  @PageOffset()
  offset?: number;
}

export class CreateCategoryBody implements CreateCategoryRequest {
  @ApiProperty({ example: 'Tools', maxLength: CATEGORY_NAME_MAX_LENGTH, description: 'Unique per user, ignoring case' })
  @CategoryName()
  name: string;

  @ApiPropertyOptional({ type: String, example: 'Hand and power tools', maxLength: CATEGORY_DESCRIPTION_MAX_LENGTH, nullable: true })
  @CategoryDescription()
  description?: string | null;
}

/** Fields left out keep their value. */
export class UpdateCategoryBody implements Omit<UpdateCategoryRequest, 'id'> {
  @ApiPropertyOptional({ example: 'Tools', maxLength: CATEGORY_NAME_MAX_LENGTH })
  @IfGiven()
  @CategoryName()
  name?: string;

  @ApiPropertyOptional({ type: String, maxLength: CATEGORY_DESCRIPTION_MAX_LENGTH, nullable: true })
  @CategoryDescription()
  description?: string | null;
}

export class CategoryDto implements CategoryView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() userId: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'integer', description: 'Active items in the category' }) itemCount: number;
}
