import { Module } from '@nestjs/common';
import { ExpiryController } from './expiry.controller.js';
import { ExpiryService } from './expiry.service.js';

@Module({ controllers: [ExpiryController], providers: [ExpiryService] })
export class ExpiryModule {}
