import type { Queue } from 'bullmq';
import { gaugeOnScrape } from './metrics.js';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Reports a BullMQ queue's jobs by state at each scrape (queue_jobs); returns the way to stop. */
export function watchQueueDepth(queue: Queue): () => void {
  return gaugeOnScrape(
    { name: 'queue_jobs', help: 'Jobs in a BullMQ queue, by state.', labelNames: ['queue', 'state'] as const },
    async () => {
      const counts = await queue.getJobCounts(...STATES);
      return STATES.map((state) => ({ labels: { queue: queue.name, state }, value: counts[state] ?? 0 }));
    },
  );
}
