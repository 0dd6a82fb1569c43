import { eventually } from '@inventory/platform/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ALERTS_QUEUE } from '../../src/alerts/alert-jobs.js';

/**
 * Waits until no low-stock alert job is left from earlier test files (e.g. a thousand 0/0 items an
 * export test made while no worker ran): jobs are first come, first served, so a test that times
 * its own alert would otherwise measure that backlog. Call from beforeAll, after the worker starts.
 */
export async function alertJobsDrained(timeoutMs = 120_000): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(ALERTS_QUEUE, { connection: redis });
  try {
    await eventually(
      async () => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).every((n) => n === 0),
      timeoutMs,
      250,
    );
  } finally {
    await queue.close();
    redis.disconnect();
  }
}
