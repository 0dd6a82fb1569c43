import {
  LOCATION_DESCRIPTION_MAX_LENGTH,
  LOCATION_NAME_MAX_LENGTH,
  LOCATION_ROOT,
  LOCATION_TYPES,
  LocationMessages as M,
} from '@inventory/contracts';
import { IsIn, IsOptional, IsString, isUUID, ValidateBy } from 'class-validator';
import { NameSearch, OptionalText, RequiredText, TrimToNull } from './text.js';

/* The location request fields, written once for the gateway's and the locations service's DTOs. */

export const LocationName = (): PropertyDecorator =>
  RequiredText(LOCATION_NAME_MAX_LENGTH, { required: M.nameRequired, tooLong: M.nameTooLong });

export const LocationDescription = (): PropertyDecorator => OptionalText(LOCATION_DESCRIPTION_MAX_LENGTH, M.descriptionInvalid);

export const LocationTypeField = (): PropertyDecorator => IsIn(LOCATION_TYPES, { message: M.typeInvalid });

/** The location list's parentId: root, or a location's id (another workspace's simply has no children here). */
export function LocationParentFilter(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    ValidateBy(
      { name: 'isLocationParent', validator: { validate: (value: unknown) => value === LOCATION_ROOT || isUUID(value) } },
      { message: M.parentFilterInvalid },
    )(target, key);
  };
}

/** The location list's search: a case-insensitive substring of the name; blank is none. */
export const LocationSearch = (): PropertyDecorator => NameSearch(LOCATION_NAME_MAX_LENGTH);

/** null or blank means "at the top level"; whether the id is one of the workspace's places is the service's check. */
export function ParentLocationId(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    TrimToNull()(target, key);
    IsString({ message: M.parentInvalid })(target, key);
  };
}
