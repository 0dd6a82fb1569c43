import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { DemoController } from './demo.controller.js';
import { DemoReset } from './demo-reset.service.js';

@Module({ imports: [UploadsModule], controllers: [DemoController], providers: [DemoReset] })
export class DemoModule {}
