import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { CodeMessages, LocationsSubjects, type Actor, type LocationTreeNode, type LocationView } from '@inventory/contracts';
import type { Response } from 'express';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { NAMED_LIST_TOTAL_HEADER } from '../docs/list-headers.js';
import { LocationsClient } from '../nats/service-clients.js';
import {
  CreateLocationBody,
  ListLocationsQuery,
  LocationCodeParams,
  LocationDto,
  LocationTreeNodeDto,
  UpdateLocationBody,
} from './locations.dto.js';

@ApiTags('locations')
@ApiNotFoundResponse({ description: 'No such location of yours (another user’s answers the same)' })
@WorkspaceData()
@Controller('locations')
export class LocationsController {
  constructor(private readonly locations: LocationsClient) {}

  @Get()
  @ApiOperation({ summary: 'Your locations by name, each with its count of distinct active items in stock there' })
  @ApiExtraModels(LocationDto, LocationTreeNodeDto)
  @ApiOkResponse({
    description:
      'A flat list (total in X-Total-Count); with tree=true the top-level locations, each with its children (LocationTreeNodeDto)',
    headers: NAMED_LIST_TOTAL_HEADER,
    schema: { type: 'array', items: { anyOf: [{ $ref: getSchemaPath(LocationTreeNodeDto) }, { $ref: getSchemaPath(LocationDto) }] } },
  })
  async list(
    @CurrentActor() actor: Actor,
    @Query() { tree, ...filters }: ListLocationsQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LocationView[] | LocationTreeNode[]> {
    if (tree === 'true') return this.locations.call(LocationsSubjects.locationTree, filters, actor);
    const { items, total } = await this.locations.call(LocationsSubjects.listLocations, filters, actor);
    res.setHeader('X-Total-Count', total);
    return items;
  }

  // Before ':id', which would take "by-code" for an id.
  @Get('by-code/:code')
  @ApiOperation({ summary: 'The location a scanned or typed short code names' })
  @ApiOkResponse({ type: LocationDto })
  @ApiBadRequestResponse({ description: `'${CodeMessages.codeInvalid}'` })
  findByCode(@CurrentActor() actor: Actor, @Param() { code }: LocationCodeParams): Promise<LocationView> {
    return this.locations.call(LocationsSubjects.findLocationByCode, { code }, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your locations, with its count of distinct active items in stock there' })
  @ApiOkResponse({ type: LocationDto })
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<LocationView> {
    return this.locations.call(LocationsSubjects.getLocation, { id }, actor);
  }

  @Post()
  @ApiOperation({ summary: 'Create a location, optionally inside another' })
  @ApiCreatedResponse({ type: LocationDto })
  @ApiBadRequestResponse({ description: "'Location name is required', a bad type, a foreign parent, ..." })
  create(@CurrentActor() actor: Actor, @Body() body: CreateLocationBody): Promise<LocationView> {
    return this.locations.call(LocationsSubjects.createLocation, body, actor);
  }

  @Put(':id')
  @ApiOperation({ summary: "Change a location's name, type, description or parent" })
  @ApiOkResponse({ type: LocationDto })
  @ApiBadRequestResponse({ description: 'Invalid field, a foreign parent, or a parent that would make a cycle' })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: UpdateLocationBody): Promise<LocationView> {
    return this.locations.call(LocationsSubjects.updateLocation, { ...body, id }, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a location; its sublocations move to its parent, its stock to each item’s unassigned stock' })
  @ApiNoContentResponse()
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.locations.call(LocationsSubjects.deleteLocation, { id }, actor);
  }
}
