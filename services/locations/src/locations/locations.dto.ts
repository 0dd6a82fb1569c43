import {
  LOCATION_NAME_MAX_LENGTH,
  type CreateLocationRequest,
  type ListLocationsRequest,
  type LocationCodeRequest,
  type LocationIdRequest,
  type LocationType,
  type UpdateLocationRequest,
} from '@inventory/contracts';
import { IfGiven, LocationDescription, LocationName, LocationTypeField, ParentLocationId, ScannedCode, Trim } from '@inventory/platform';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class ListLocationsDto implements ListLocationsRequest {
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(LOCATION_NAME_MAX_LENGTH)
  search?: string;

  @IsOptional()
  @LocationTypeField()
  type?: LocationType;
}

export class LocationIdDto implements LocationIdRequest {
  @IsString()
  id: string;
}

export class CreateLocationDto implements CreateLocationRequest {
  @LocationName()
  name: string;

  @IfGiven()
  @LocationTypeField()
  type?: LocationType;

  @LocationDescription()
  description?: string | null;

  @ParentLocationId()
  parentLocationId?: string | null;
}

export class UpdateLocationDto extends LocationIdDto implements UpdateLocationRequest {
  @IfGiven()
  @LocationName()
  name?: string;

  @IfGiven()
  @LocationTypeField()
  type?: LocationType;

  @LocationDescription()
  description?: string | null;

  @ParentLocationId()
  parentLocationId?: string | null;
}

export class LocationCodeDto implements LocationCodeRequest {
  @ScannedCode()
  code: string;
}
