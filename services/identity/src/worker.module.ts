import { Module } from '@nestjs/common';
import { DatabaseModule } from '@inventory/platform';
import { getEnv } from './config/env.js';
import { migrations } from './migrations/index.js';
import { Mailer } from './notifications/mailer.js';
import { NotificationJobQueue } from './notifications/notification-jobs.js';
import { NotificationsWorker } from './notifications/notifications.worker.js';
import { PushSender } from './notifications/push-sender.js';

/** The worker process: the identity database and the notification jobs (email digests, Web Push); it serves nothing on NATS. */
@Module({
  imports: [DatabaseModule.forService({ pgUrl: getEnv().PG_URL, dbName: 'identity', entities: [], migrations, poolMax: 5 })],
  providers: [NotificationJobQueue, Mailer, PushSender, NotificationsWorker],
})
export class WorkerModule {}
