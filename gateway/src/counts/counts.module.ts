import { Module } from '@nestjs/common';
import { CountsController } from './counts.controller.js';

@Module({ controllers: [CountsController] })
export class CountsModule {}
