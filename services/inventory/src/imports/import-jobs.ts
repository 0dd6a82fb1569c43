import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Actor, ImportCreateRequest, ImportPreview, ImportPreviewRequest, ImportUpload } from '@inventory/contracts';
import { ServiceError, watchQueueDepth } from '@inventory/platform';
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';

export const IMPORTS_QUEUE = 'imports';

/**
 * Everything heavy about an import runs in the worker, off the service's request path: reading the
 * file (`read`) and checking every row (`preview`) are awaited by the request; `run` and `undo` are
 * not (the client follows the progress).
 */
export type ImportJob =
  | { kind: 'read'; actor: Actor; request: ImportCreateRequest }
  | { kind: 'preview'; actor: Actor; request: ImportPreviewRequest }
  | { kind: 'run'; actor: Actor; importId: string }
  | { kind: 'undo'; actor: Actor; importId: string }
  /** Scheduled: expires unused uploads and removes files no import needs (ImportSweeper). */
  | { kind: 'sweep' };

export interface ImportJobResults {
  read: ImportUpload;
  preview: ImportPreview;
}

/** A user-facing refusal carried through BullMQ's failure reason (a string). */
const REFUSAL = 'refusal:';
export const encodeRefusal = (error: ServiceError) => `${REFUSAL}${JSON.stringify({ code: error.code, message: error.message })}`;
function decodeFailure(error: unknown): ServiceError {
  const text = error instanceof Error ? error.message : String(error);
  if (!text.startsWith(REFUSAL)) return new ServiceError('SERVICE_UNAVAILABLE', 'The import could not be processed; please try again');
  const { code, message } = JSON.parse(text.slice(REFUSAL.length)) as { code: ServiceError['code']; message: string };
  return new ServiceError(code, message);
}

/** Runs and undos are retried (they resume where they stopped); one job per import and kind. */
const BACKGROUND: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
/** A request waits for these; a failure goes straight back to the user. */
const AWAITED: JobsOptions = { attempts: 1, removeOnComplete: true, removeOnFail: true };

/** The producer side of the import jobs, in the inventory service. */
@Injectable()
export class ImportJobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('ImportJobQueue');
  private readonly redis = new Redis(getEnv().REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  private readonly queue = new Queue<ImportJob>(IMPORTS_QUEUE, { connection: this.redis });
  private readonly stopWatching = watchQueueDepth(this.queue);
  // Its own connection: it blocks while listening.
  private readonly eventsRedis = new Redis(getEnv().REDIS_URL, { maxRetriesPerRequest: null });
  private readonly events = new QueueEvents(IMPORTS_QUEUE, { connection: this.eventsRedis });

  constructor() {
    this.queue.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
    this.events.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
  }

  /** Adds a job the caller waits for, and its result (a refusal is thrown as the ServiceError it was). */
  async awaited<K extends keyof ImportJobResults>(job: Extract<ImportJob, { kind: K }>): Promise<ImportJobResults[K]> {
    await this.events.waitUntilReady();
    const added = await this.queue.add((job as ImportJob).kind, job, AWAITED);
    try {
      return (await added.waitUntilFinished(this.events, getEnv().IMPORTS_AWAIT_MS)) as ImportJobResults[K];
    } catch (error) {
      throw decodeFailure(error);
    }
  }

  /** Adds a run or an undo, once per import: a second add of the same job id adds nothing. */
  async background(job: Extract<ImportJob, { kind: 'run' | 'undo' }>): Promise<void> {
    await this.queue.add(job.kind, job, { ...BACKGROUND, jobId: `${job.kind}-${job.importId}` });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopWatching();
    await this.events.close();
    await this.queue.close();
    // BullMQ leaves a connection it was given open.
    this.redis.disconnect();
    this.eventsRedis.disconnect();
  }
}
