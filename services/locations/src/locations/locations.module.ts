import { Module } from '@nestjs/common';
import { LocationItemCounts } from '../item-counts/location-item-counts.js';
import { LocationsController } from './locations.controller.js';
import { LocationsService } from './locations.service.js';

@Module({ controllers: [LocationsController], providers: [LocationsService, LocationItemCounts] })
export class LocationsModule {}
