import { EVENTS_STREAM } from '@inventory/contracts';
import type { EventsConnection } from '../events/jetstream.js';
import { eventually } from './index.js';

/**
 * Waits until a durable consumer has applied every event published before the call. A service
 * started for a test first works through what other suites published while it was not running;
 * waiting here keeps that catch-up out of the tests' own convergence time limits.
 */
export async function consumerCaughtUp(events: EventsConnection, durable: string, timeoutMs = 60_000): Promise<void> {
  const target = (await events.jsm.streams.info(EVENTS_STREAM)).state.last_seq;
  await eventually(
    async () => {
      const info = await events.jsm.consumers.info(EVENTS_STREAM, durable);
      return info.ack_floor.stream_seq >= target || (info.num_pending === 0 && info.num_ack_pending === 0);
    },
    timeoutMs,
    200,
  );
}
