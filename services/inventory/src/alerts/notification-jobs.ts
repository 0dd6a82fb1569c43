import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  expiryJobId,
  lowStockJobId,
  NOTIFICATIONS_QUEUE,
  type ExpiringLotView,
  type LowStockAlertView,
  type NotificationJob,
} from '@inventory/contracts';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';

const JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * Hands raised alerts and the day's expiry warnings to the identity worker, which knows who wants
 * them by email or push (docs/notifications.md). Job ids are deterministic: adding one again, after
 * a retry, adds nothing.
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
    await this.queue.add('low-stock', { kind: 'low-stock', workspaceId, alert }, { ...JOB_OPTIONS, jobId: lowStockJobId(alert.id) });
  }

  /** A workspace's expiry warnings of one day; the id is the workspace's and the day's, so a second scan adds nothing. */
  async expiry(workspaceId: string, day: string, lots: ExpiringLotView[]): Promise<void> {
    await this.queue.add('expiry', { kind: 'expiry', workspaceId, day, lots }, { ...JOB_OPTIONS, jobId: expiryJobId(workspaceId, day) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    // BullMQ leaves a connection it was given open.
    this.redis.disconnect();
  }
}
