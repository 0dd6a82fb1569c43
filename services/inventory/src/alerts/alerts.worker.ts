import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { InventoryNotificationSubjects } from '@inventory/contracts';
import { natsConnectionOptions } from '@inventory/platform';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';
import { ALERTS_QUEUE } from './alert-jobs.js';
import { applyAlertJob } from './alert-writer.js';
import type { AlertJob } from './low-stock.js';
import { NotificationJobs } from './notification-jobs.js';

/**
 * Runs the alert jobs: writes the alert in the inventory database and, in the same transaction,
 * hands a new one to the notification jobs (email, Web Push: if that fails, nothing is written and
 * the job is retried); then tells the gateways (plain NATS publish) so open browser tabs update at
 * once. A lost NATS message costs only that; the 30-second poll still shows the alert.
 */
@Injectable()
export class AlertsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AlertsWorker');
  private worker?: Worker<AlertJob>;
  private redis?: Redis;
  private nats?: NatsConnection;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly notifications: NotificationJobs,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const env = getEnv();
    this.nats = await connect({ ...natsConnectionOptions(env.NATS_URL), name: 'inventory-alerts-worker' });
    this.redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<AlertJob>(ALERTS_QUEUE, (job) => this.process(job.data), {
      connection: this.redis,
      concurrency: env.ALERTS_WORKER_CONCURRENCY,
      lockDuration: env.ALERTS_JOB_LOCK_MS,
      stalledInterval: env.ALERTS_STALLED_CHECK_MS,
      // Jobs are idempotent: one interrupted by a dying worker is simply run again.
      maxStalledCount: 100,
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`job ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`));
    this.worker.on('error', (error) => this.logger.warn(error.message));
  }

  private async process(job: AlertJob): Promise<void> {
    const notification = await this.orm.em.fork().transactional(async (em) => {
      const change = await applyAlertJob(em, job);
      if (change?.kind === 'raised') await this.notifications.lowStock(change.workspaceId, change.alert);
      return change;
    });
    if (notification) this.nats?.publish(InventoryNotificationSubjects.alertChanged, JSON.stringify(notification));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    // BullMQ leaves a connection it was given open.
    this.redis?.disconnect();
    await this.nats?.drain().catch(() => undefined);
  }
}
