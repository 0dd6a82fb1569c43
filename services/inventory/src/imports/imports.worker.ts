import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ImportNotificationSubjects, type ImportProgressNotification } from '@inventory/contracts';
import { natsConnectionOptions, ServiceError } from '@inventory/platform';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';
import { encodeRefusal, IMPORTS_QUEUE, type ImportJob } from './import-jobs.js';
import { ImportRunner } from './import-runner.js';
import { ImportSweeper } from './import-sweeper.js';
import { findImport, finishImport, moveStatus, viewOf, type ImportRecord } from './import-store.js';

/**
 * Runs the import jobs. A run or an undo interrupted by a dying worker is taken over by another
 * (BullMQ's stalled-job check) and resumes from the import's cursor; each step is announced on NATS
 * so the gateways can push the progress to the browser (docs/import-export.md).
 */
@Injectable()
export class ImportsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ImportsWorker');
  private worker?: Worker<ImportJob>;
  private redis?: Redis;
  private nats?: NatsConnection;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly runner: ImportRunner,
    private readonly sweeper: ImportSweeper,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const env = getEnv();
    this.nats = await connect({ ...natsConnectionOptions(env.NATS_URL), name: 'inventory-imports-worker' });
    this.redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<ImportJob>(IMPORTS_QUEUE, (job) => this.process(job), {
      connection: this.redis,
      concurrency: env.IMPORTS_WORKER_CONCURRENCY,
      lockDuration: env.IMPORTS_JOB_LOCK_MS,
      stalledInterval: env.ALERTS_STALLED_CHECK_MS,
      // Runs resume from their cursor: one interrupted by a dying worker is simply taken over.
      maxStalledCount: 100,
    });
    this.worker.on('failed', (job, error) => void this.failed(job, error));
    this.worker.on('error', (error) => this.logger.warn(error.message));
    // One schedule however many workers run (the scheduler's id is fixed); each run is one job.
    const queue = new Queue<ImportJob>(IMPORTS_QUEUE, { connection: this.redis });
    await queue.upsertJobScheduler('sweep-import-files', { every: env.IMPORTS_SWEEP_EVERY_MS }, { name: 'sweep', data: { kind: 'sweep' } });
    await queue.close();
  }

  private async process(job: Job<ImportJob>): Promise<unknown> {
    const data = job.data;
    try {
      switch (data.kind) {
        case 'read':
          return await this.runner.read(data);
        case 'preview':
          return await this.runner.preview(data);
        case 'run':
          return await this.runner.run(data, (record) => this.announce(record));
        case 'undo':
          return await this.runner.undo(data, (record) => this.announce(record));
        case 'sweep':
          return await this.sweeper.sweep();
      }
    } catch (error) {
      if (error instanceof ServiceError && isRefusal(data, error)) throw new UnrecoverableError(encodeRefusal(error));
      throw error;
    }
  }

  /** A run that gives up is marked failed; an undo that gives up leaves the import done (undoable again). */
  private async failed(job: Job<ImportJob> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const data = job.data;
    this.logger.warn(`import job ${job.id} (${data.kind}) failed, attempt ${job.attemptsMade}: ${error.message}`);
    const final =
      error instanceof UnrecoverableError || error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (!final || (data.kind !== 'run' && data.kind !== 'undo')) return;
    const em = this.orm.em.fork();
    const reason = error.message.startsWith('refusal:')
      ? (JSON.parse(error.message.slice(8)) as { message: string }).message
      : 'The import stopped on an error';
    if (data.kind === 'run') await finishImport(em, data.importId, 'failed', reason);
    else await moveStatus(em, data.actor.workspaceId, data.importId, ['undoing'], 'done');
    const record = await findImport(em, data.actor.workspaceId, data.importId);
    if (record) this.announce(record);
  }

  private announce(record: ImportRecord): void {
    const notification: ImportProgressNotification = { workspaceId: record.workspaceId, import: viewOf(record) };
    this.nats?.publish(ImportNotificationSubjects.progress, JSON.stringify(notification));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    // BullMQ leaves a connection it was given open.
    this.redis?.disconnect();
    await this.nats?.drain().catch(() => undefined);
  }
}

/**
 * A refusal goes back to the user as it is, never retried: for reading and previewing, any answer
 * but an outage; for runs and undos only a file that cannot be read any more — anything else
 * (a replica that lags, a place deleted meanwhile, a conflict) may pass, so it is retried.
 */
function isRefusal(job: ImportJob, error: ServiceError): boolean {
  if (error.code === 'SERVICE_UNAVAILABLE' || error.code === 'TIMEOUT') return false;
  return job.kind === 'read' || job.kind === 'preview' || error.code === 'VALIDATION';
}
