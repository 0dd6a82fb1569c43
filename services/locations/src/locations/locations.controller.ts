import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DemoSubjects,
  LocationsSubjects,
  type Actor,
  type LocationTreeNode,
  type LocationView,
  type NamedListPage,
} from '@inventory/contracts';
import { RpcActor, RpcDemoActor, RpcWriter } from '@inventory/platform';
import { CreateLocationDto, ListLocationsDto, LocationCodeDto, LocationIdDto, UpdateLocationDto } from './locations.dto.js';
import { LocationsService } from './locations.service.js';

@Controller()
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  @MessagePattern(LocationsSubjects.listLocations)
  list(@RpcActor() actor: Actor, @Payload('data') dto: ListLocationsDto): Promise<NamedListPage<LocationView>> {
    return this.locations.list(actor, dto);
  }

  @MessagePattern(LocationsSubjects.locationTree)
  tree(@RpcActor() actor: Actor, @Payload('data') dto: ListLocationsDto): Promise<LocationTreeNode[]> {
    return this.locations.tree(actor, dto);
  }

  @MessagePattern(LocationsSubjects.getLocation)
  get(@RpcActor() actor: Actor, @Payload('data') dto: LocationIdDto): Promise<LocationView> {
    return this.locations.get(actor, dto);
  }

  @MessagePattern(LocationsSubjects.findLocationByCode)
  findByCode(@RpcActor() actor: Actor, @Payload('data') dto: LocationCodeDto): Promise<LocationView> {
    return this.locations.findByCode(actor, dto);
  }

  @MessagePattern(LocationsSubjects.createLocation)
  create(@RpcWriter() actor: Actor, @Payload('data') dto: CreateLocationDto): Promise<LocationView> {
    return this.locations.create(actor, dto);
  }

  @MessagePattern(LocationsSubjects.updateLocation)
  update(@RpcWriter() actor: Actor, @Payload('data') dto: UpdateLocationDto): Promise<LocationView> {
    return this.locations.update(actor, dto);
  }

  @MessagePattern(LocationsSubjects.deleteLocation)
  delete(@RpcWriter() actor: Actor, @Payload('data') dto: LocationIdDto): Promise<null> {
    return this.locations.delete(actor, dto);
  }

  /** The demo reset's first step here (docs/demo.md). */
  @MessagePattern(DemoSubjects.clearLocations)
  clearDemo(@RpcDemoActor() actor: Actor): Promise<null> {
    return this.locations.clearWorkspace(actor).then(() => null);
  }
}
