import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DEFAULT_LOCATION_TYPE,
  LOCATION_DESCRIPTION_MAX_LENGTH,
  LOCATION_NAME_MAX_LENGTH,
  CODE_LOOKUP_MAX_LENGTH,
  LOCATION_TYPES,
  MAX_NAMED_LIST,
  type CreateLocationRequest,
  type ListLocationsRequest,
  type LocationCodeRequest,
  type LocationTreeNode,
  type LocationType,
  type LocationView,
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
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';

export class ListLocationsQuery implements ListLocationsRequest {
  @ApiPropertyOptional({ description: 'Case-insensitive substring of the name' })
  @LocationSearch()
  search?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_NAMED_LIST,
    description: 'The flat list only: at most this many, by name. Left out: all',
  })
  @PageLimit(MAX_NAMED_LIST)
  limit?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: 0,
    description: 'The flat list only: how many of the matches, by name, to skip',
  })
  @PageOffset()
  offset?: number;

  @ApiPropertyOptional({ enum: LOCATION_TYPES, description: 'Left out or blank: every type' })
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsOptional()
  @LocationTypeField()
  type?: LocationType;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'true: nested under `children` (a match whose parent is filtered out is a root)',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'tree must be true or false' })
  tree?: 'true' | 'false';

  @ApiPropertyOptional({
    description:
      'Only the locations directly inside this one (`root`: the top-level ones). With tree=true, one level of the tree: each node has no `children`, and `hasChildren` says whether it has any',
    example: 'root',
  })
  @LocationParentFilter()
  parentId?: string;
}

export class CreateLocationBody implements CreateLocationRequest {
  @ApiProperty({ example: 'Main office', maxLength: LOCATION_NAME_MAX_LENGTH })
  @LocationName()
  name: string;

  @ApiPropertyOptional({ enum: LOCATION_TYPES, default: DEFAULT_LOCATION_TYPE })
  @IfGiven()
  @LocationTypeField()
  type?: LocationType;

  @ApiPropertyOptional({ type: String, maxLength: LOCATION_DESCRIPTION_MAX_LENGTH, nullable: true })
  @LocationDescription()
  description?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'One of your locations; null for the top level' })
  @ParentLocationId()
  parentLocationId?: string | null;
}

/** Fields left out keep their value. */
export class UpdateLocationBody implements Omit<UpdateLocationRequest, 'id'> {
  @ApiPropertyOptional({ maxLength: LOCATION_NAME_MAX_LENGTH })
  @IfGiven()
  @LocationName()
  name?: string;

  @ApiPropertyOptional({ enum: LOCATION_TYPES })
  @IfGiven()
  @LocationTypeField()
  type?: LocationType;

  @ApiPropertyOptional({ type: String, maxLength: LOCATION_DESCRIPTION_MAX_LENGTH, nullable: true })
  @LocationDescription()
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Not the location itself or one below it; null for the top level',
  })
  @ParentLocationId()
  parentLocationId?: string | null;
}

/** A location's short code in the path, as scanned or typed. */
export class LocationCodeParams implements LocationCodeRequest {
  @ApiProperty({ example: 'R2D4K-8M1QZ', maxLength: CODE_LOOKUP_MAX_LENGTH, description: 'Any case, dashes allowed' })
  @ScannedCode()
  code: string;
}

export class LocationDto implements LocationView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: LOCATION_TYPES }) type: LocationType;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) parentLocationId: string | null;
  @ApiProperty({ example: 'R2D4K8M1QZ', description: "The short code on the location's label (its QR code points at /l/<code>)" })
  code: string;
  @ApiProperty() userId: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'integer', description: 'Distinct active items with stock here' }) itemCount: number;
}

export class LocationTreeNodeDto extends LocationDto implements LocationTreeNode {
  @ApiProperty({ type: () => [LocationTreeNodeDto], description: 'Empty in one level of the tree (parentId)' })
  children: LocationTreeNode[];
  @ApiProperty({ description: 'Whether it has sublocations (among the matches)' }) hasChildren: boolean;
}
