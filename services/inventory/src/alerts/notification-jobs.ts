import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { lowStockJobId, NOTIFICATIONS_QUEUE, type LowStockAlertView, type NotificationJob } from '@inventory/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';

/**
 * Hands a raised alert to the identity worker, which knows who wants it by email or push
 * (docs/notifications.md). The job id is the alert's: adding it again, after a retry, adds nothing.
 */
@Injectable()
export class NotificationJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('NotificationJobs');
  private readonly redis = new Redis(getEnv().REDIS_URL, { maxRetriesPerRequest: null });
  private readonly queue = new Queue<NotificationJob>(NOTIFICATIONS_QUEUE, { connection: this.redis });

  constructor() {
    // Without a listener an 'error' event (Redis down) would end the process.
    this.queue.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
  }

  async lowStock(workspaceId: string, alert: LowStockAlertView): Promise<void> {
    await this.queue.add(
      'low-stock',
      { kind: 'low-stock', workspaceId, alert },
      {
        jobId: lowStockJobId(alert.id),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    // BullMQ leaves a connection it was given open.
    this.redis.disconnect();
  }
}
