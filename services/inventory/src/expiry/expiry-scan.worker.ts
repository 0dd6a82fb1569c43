import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { NotificationJobs } from '../alerts/notification-jobs.js';
import { getEnv } from '../config/env.js';
import { expiringLots, utcDay } from './expiring-lots.js';

export const EXPIRY_SCAN_QUEUE = 'expiry-scan';

/** A scan of one UTC day; `day` is set by tests and catch-up runs, else it is the day the job runs. */
export interface ExpiryScanJob {
  day?: string;
}

/**
 * The daily expiry scan (docs/expiry.md): a BullMQ job scheduler runs it once a day, and a worker
 * that starts runs the day's scan too (its job id is the day's, so only once), so a day the worker
 * was down at the hour is not skipped. Each workspace with lots expiring in exactly its warning days,
 * or today, gets one notification job for the day; its id makes the scan idempotent.
 */
@Injectable()
export class ExpiryScanWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ExpiryScanWorker');
  private readonly env = getEnv();
  private redis?: Redis;
  private queue?: Queue<ExpiryScanJob>;
  private worker?: Worker<ExpiryScanJob>;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly notifications: NotificationJobs,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.redis = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    this.queue = new Queue<ExpiryScanJob>(EXPIRY_SCAN_QUEUE, { connection: this.redis });
    this.queue.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
    this.worker = new Worker<ExpiryScanJob>(EXPIRY_SCAN_QUEUE, (job) => this.scan(job.data.day ?? utcDay()), { connection: this.redis });
    this.worker.on('failed', (job, error) => this.logger.warn(`expiry scan ${job?.id} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.warn(error.message));
    const options = {
      attempts: 5,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: 3 * 24 * 3600 },
      removeOnFail: 100,
    };
    await this.queue.upsertJobScheduler(
      'daily-expiry-scan',
      { pattern: `0 ${this.env.EXPIRY_SCAN_HOUR_UTC} * * *`, tz: 'UTC' },
      { name: 'scan', data: {}, opts: options },
    );
    if (new Date().getUTCHours() >= this.env.EXPIRY_SCAN_HOUR_UTC) {
      const day = utcDay();
      await this.queue.add('scan', { day }, { ...options, jobId: `scan-${day}` });
    }
  }

  /** Adds the day's expiry notification job of every workspace that has something to warn about. */
  async scan(day: string): Promise<void> {
    const due = await expiringLots(
      this.orm.em.fork(),
      day,
      'all',
      (lot, warningDays) => lot.daysLeft === warningDays || lot.daysLeft === 0,
    );
    for (const [workspaceId, lots] of due) await this.notifications.expiry(workspaceId, day, lots);
    if (due.size > 0) this.logger.log(`expiry scan ${day}: ${due.size} workspace(s) notified`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    // BullMQ leaves a connection it was given open.
    this.redis?.disconnect();
  }
}
