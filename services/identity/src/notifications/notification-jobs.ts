import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { NOTIFICATIONS_QUEUE, type NotificationJob } from '@inventory/contracts';
import { Queue, type DeduplicationOptions, type JobsOptions } from 'bullmq';
import { watchQueueDepth } from '@inventory/platform';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';

/**
 * Every job id is deterministic (docs/notifications.md): a job added twice is added once, and a
 * finished one is remembered for a day, so a redelivered low-stock job sends nothing twice.
 */
export const NOTIFICATION_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export const pushJobId = (notificationId: string, userId: string) => `push-${notificationId}-${userId}`;

/**
 * A user's digest: the first line queued schedules it EMAIL_DIGEST_WINDOW_MS ahead; lines queued
 * until it runs are deduplicated into it (and one queued while it sends gets a follow-up), so a
 * burst of crossings is one email sent within the window of the first.
 */
export function digestJob(userId: string, windowMs: number, now = Date.now()): Omit<QueuedJob, 'job'> {
  return {
    jobId: `email-digest-${userId}-${now}`,
    delay: windowMs,
    deduplication: { id: `email-digest-${userId}`, keepLastIfActive: true },
  };
}

export interface QueuedJob {
  job: NotificationJob;
  jobId: string;
  delay?: number;
  deduplication?: DeduplicationOptions;
}

/** The identity worker's producer side: it fans a low-stock job out into digest and push jobs. */
@Injectable()
export class NotificationJobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('NotificationJobQueue');
  private readonly redis = new Redis(getEnv().REDIS_URL, { maxRetriesPerRequest: null });
  private readonly queue = new Queue<NotificationJob>(NOTIFICATIONS_QUEUE, { connection: this.redis });
  private readonly stopWatching = watchQueueDepth(this.queue);

  constructor() {
    // Without a listener an 'error' event (Redis down) would end the process.
    this.queue.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
  }

  async add(jobs: QueuedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map(({ job, jobId, delay, deduplication }) => ({
        name: job.kind,
        data: job,
        opts: { ...NOTIFICATION_JOB_OPTIONS, jobId, delay, deduplication },
      })),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopWatching();
    await this.queue.close();
    // BullMQ leaves a connection it was given open.
    this.redis.disconnect();
  }
}
