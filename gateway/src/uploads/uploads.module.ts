import { Module } from '@nestjs/common';
import { ImageStore } from './image-store.js';
import { UploadsController } from './uploads.controller.js';

@Module({ controllers: [UploadsController], providers: [ImageStore], exports: [ImageStore] })
export class UploadsModule {}
