import { Module } from '@nestjs/common';
import { ImportFileStore } from './import-file-store.js';
import { ImportProgress } from './import-progress.js';
import { ImportsController } from './imports.controller.js';

@Module({ controllers: [ImportsController], providers: [ImportFileStore, ImportProgress] })
export class ImportsModule {}
