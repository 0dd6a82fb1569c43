import { Module } from '@nestjs/common';
import { ExportModule } from '../export/export.module.js';
import { ReportsController } from './reports.controller.js';

@Module({ imports: [ExportModule], controllers: [ReportsController] })
export class ReportsModule {}
