import { Global, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import { watchQueueDepth } from '@inventory/platform';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';
import { alertJobId, type AlertJob } from './low-stock.js';

export const ALERTS_QUEUE = 'low-stock-alerts';

/**
 * Jobs are idempotent (the alert id is the crossing event's id), so retrying them and running one
 * twice after a crash are both harmless. Completed jobs are kept a day so that a redelivered event
 * within that time finds its job id taken and adds nothing.
 */
const JOB_OPTIONS: JobsOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** The producer side of the alert jobs. */
@Injectable()
export class AlertJobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('AlertJobQueue');
  // Fail fast while Redis is down: the consumer's transaction rolls back and the event comes again.
  private readonly redis = new Redis(getEnv().REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  private readonly queue = new Queue<AlertJob>(ALERTS_QUEUE, { connection: this.redis });
  private readonly stopWatching = watchQueueDepth(this.queue);

  constructor() {
    // Without a listener an 'error' event (Redis down) would end the process.
    this.queue.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
  }

  async add(jobs: AlertJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(jobs.map((job) => ({ name: job.kind, data: job, opts: { ...JOB_OPTIONS, jobId: alertJobId(job) } })));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopWatching();
    await this.queue.close();
    // BullMQ leaves a connection it was given open.
    this.redis.disconnect();
  }
}

/** Global, so the low-stock consumer (a provider of the platform's EventsModule) can use the queue. */
@Global()
@Module({ providers: [AlertJobQueue], exports: [AlertJobQueue] })
export class AlertJobsModule {}
