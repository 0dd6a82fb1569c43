import { Module } from '@nestjs/common';
import { DatabaseModule } from '@inventory/platform';
import { AlertsWorker } from './alerts/alerts.worker.js';
import { NotificationJobs } from './alerts/notification-jobs.js';
import { getEnv } from './config/env.js';
import { ExpiryScanWorker } from './expiry/expiry-scan.worker.js';
import { ImportsWorkerModule } from './imports/imports.module.js';
import { migrations } from './migrations/index.js';

/** The worker process: the inventory database and the BullMQ jobs (alerts and their notifications, the daily expiry scan, imports); it serves nothing on NATS request/reply. */
@Module({
  imports: [
    DatabaseModule.forService({ pgUrl: getEnv().PG_URL, dbName: 'inventory', entities: [], migrations, poolMax: 5 }),
    ImportsWorkerModule,
  ],
  providers: [NotificationJobs, AlertsWorker, ExpiryScanWorker],
})
export class WorkerModule {}
