import { Module } from '@nestjs/common';
import { LabelsController } from './labels.controller.js';

@Module({ controllers: [LabelsController] })
export class LabelsModule {}
