import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { eventually } from './index.js';

/**
 * Waits until a BullMQ queue has no job left from earlier test files (e.g. the alerts of a thousand
 * 0/0 items an export test made, or the notifications they caused): jobs are first come, first
 * served, so a test that times its own job would otherwise measure that backlog. Call from
 * beforeAll, after the workers start.
 */
export async function jobsDrained(queueName: string, timeoutMs = 120_000): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName, { connection: redis });
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
