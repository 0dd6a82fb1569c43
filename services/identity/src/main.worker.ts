import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { processLogger, startProcessProbes } from '@inventory/platform';
import { getEnv } from './config/env.js';
import { WorkerModule } from './worker.module.js';

const app = await NestFactory.createApplicationContext(WorkerModule, { logger: processLogger() });
app.enableShutdownHooks();
startProcessProbes('identity-worker', getEnv());
new Logger('identity-worker').log('delivering email and push notifications');
