import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { processLogger } from '@inventory/platform';
import { WorkerModule } from './worker.module.js';

const app = await NestFactory.createApplicationContext(WorkerModule, { logger: processLogger() });
app.enableShutdownHooks();
new Logger('inventory-worker').log('processing low-stock alert jobs');
