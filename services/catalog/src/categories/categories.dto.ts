import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
  CategoryMessages,
  type CategoryIdRequest,
  type CreateCategoryRequest,
  type ListCategoriesRequest,
  type UpdateCategoryRequest,
} from '@inventory/contracts';
import { OptionalText, RequiredText, Trim } from '@inventory/platform';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

const Name = () =>
  RequiredText(CATEGORY_NAME_MAX_LENGTH, { required: CategoryMessages.nameRequired, tooLong: CategoryMessages.nameTooLong });
const Description = () => OptionalText(CATEGORY_DESCRIPTION_MAX_LENGTH, CategoryMessages.descriptionInvalid);

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
  @Name()
  name: string;

  @Description()
  description?: string | null;
}

export class UpdateCategoryDto extends CategoryIdDto implements UpdateCategoryRequest {
  // Left out keeps the name; anything given, null included, must be a valid name.
  @ValidateIf((dto: UpdateCategoryDto) => dto.name !== undefined)
  @Name()
  name?: string;

  @Description()
  description?: string | null;
}
