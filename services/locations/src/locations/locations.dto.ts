import {
  LOCATION_DESCRIPTION_MAX_LENGTH,
  LOCATION_NAME_MAX_LENGTH,
  LOCATION_TYPES,
  LocationMessages,
  type CreateLocationRequest,
  type ListLocationsRequest,
  type LocationCodeRequest,
  type LocationIdRequest,
  type LocationType,
  type UpdateLocationRequest,
} from '@inventory/contracts';
import { OptionalText, RequiredText, ScannedCode, Trim, TrimToNull } from '@inventory/platform';
import { IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

const Name = () =>
  RequiredText(LOCATION_NAME_MAX_LENGTH, { required: LocationMessages.nameRequired, tooLong: LocationMessages.nameTooLong });
const Description = () => OptionalText(LOCATION_DESCRIPTION_MAX_LENGTH, LocationMessages.descriptionInvalid);
const Type = () => IsIn(LOCATION_TYPES, { message: LocationMessages.typeInvalid });
/** Left out keeps the value; anything given, null included, must pass the rules. */
const IfGiven = () => ValidateIf((dto: object, value: unknown) => value !== undefined);
/** null or blank means "at the top level"; whether the id is one of the user's locations is the service's check. */
const ParentId = (): PropertyDecorator => (target, key) => {
  IsOptional()(target, key);
  TrimToNull()(target, key);
  IsString({ message: LocationMessages.parentInvalid })(target, key);
};

export class ListLocationsDto implements ListLocationsRequest {
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(LOCATION_NAME_MAX_LENGTH)
  search?: string;

  @IsOptional()
  @Type()
  type?: LocationType;
}

export class LocationIdDto implements LocationIdRequest {
  @IsString()
  id: string;
}

export class CreateLocationDto implements CreateLocationRequest {
  @Name()
  name: string;

  @IfGiven()
  @Type()
  type?: LocationType;

  @Description()
  description?: string | null;

  @ParentId()
  parentLocationId?: string | null;
}

export class UpdateLocationDto extends LocationIdDto implements UpdateLocationRequest {
  @IfGiven()
  @Name()
  name?: string;

  @IfGiven()
  @Type()
  type?: LocationType;

  @Description()
  description?: string | null;

  @ParentId()
  parentLocationId?: string | null;
}

export class LocationCodeDto implements LocationCodeRequest {
  @ScannedCode()
  code: string;
}
