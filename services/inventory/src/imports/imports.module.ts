import { Module, type Provider } from '@nestjs/common';
import { objectStoreClient } from '@inventory/platform';
import { getEnv } from '../config/env.js';
import { ImportFiles, IMPORTS_S3 } from './import-files.js';
import { ImportJobQueue } from './import-jobs.js';
import { ImportRunner } from './import-runner.js';
import { ImportSweeper } from './import-sweeper.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';
import { ImportsWorker } from './imports.worker.js';

/** The service side: requests about imports, answered from its tables or by awaiting the worker. */
@Module({ controllers: [ImportsController], providers: [ImportsService, ImportJobQueue] })
export class ImportsModule {}

const s3: Provider = { provide: IMPORTS_S3, useFactory: () => objectStoreClient(getEnv()) };

/** The worker side: the jobs themselves. */
@Module({ providers: [s3, ImportFiles, ImportRunner, ImportSweeper, ImportsWorker] })
export class ImportsWorkerModule {}
