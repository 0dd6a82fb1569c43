import {
  MAX_NAMED_LIST,
  type CreateLocationRequest,
  type ListLocationsRequest,
  type LocationCodeRequest,
  type LocationIdRequest,
  type LocationType,
  type UpdateLocationRequest,
} from '@inventory/contracts';
import {
  IfGiven,
  LocationDescription,
  LocationName,
  LocationParentFilter,
  LocationSearch,
  LocationTypeField,
  PageLimit,
  PageOffset,
  ParentLocationId,
  ScannedCode,
} from '@inventory/platform';
import { IsOptional, IsString } from 'class-validator';

export class ListLocationsDto implements ListLocationsRequest {
  @LocationSearch()
  search?: string;

  @PageLimit(MAX_NAMED_LIST)
  limit?: number;

  @PageOffset()
  offset?: number;

  @IsOptional()
  @LocationTypeField()
  type?: LocationType;

  @LocationParentFilter()
  parentId?: string;
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
