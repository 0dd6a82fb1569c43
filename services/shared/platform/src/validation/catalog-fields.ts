import { CATEGORY_DESCRIPTION_MAX_LENGTH, CATEGORY_NAME_MAX_LENGTH, CategoryMessages as M } from '@inventory/contracts';
import { NameSearch, OptionalText, RequiredText } from './text.js';

/* The category request fields, written once for the gateway's and the catalog's DTOs. */

export const CategoryName = (): PropertyDecorator =>
  RequiredText(CATEGORY_NAME_MAX_LENGTH, { required: M.nameRequired, tooLong: M.nameTooLong });

export const CategoryDescription = (): PropertyDecorator => OptionalText(CATEGORY_DESCRIPTION_MAX_LENGTH, M.descriptionInvalid);

/** The category list's search: a case-insensitive substring of the name; blank is none. */
export const CategorySearch = (): PropertyDecorator => NameSearch(CATEGORY_NAME_MAX_LENGTH);
