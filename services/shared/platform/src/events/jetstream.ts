import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS_STREAM } from '@inventory/contracts';
import { coalesceWrites } from '../nats/coalesced-writes.js';
import { natsConnectionOptions } from '../nats/nats-options.js';

export interface EventsConnection {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** Connects to NATS for JetStream work and makes sure the events stream exists (with `replicas`, when given). */
export async function connectEvents(natsUrl: string, name: string, replicas?: number): Promise<EventsConnection> {
  // Acknowledgements and event publishes that are ready together go out in one socket write.
  const nc = coalesceWrites(await connect({ ...natsConnectionOptions(natsUrl), name }));
  const jsm = await jetstreamManager(nc);
  await ensureEventsStream(jsm, replicas);
  return { nc, js: jetstream(nc), jsm };
}

/**
 * One stream for every integration event, kept without age limit: it is the replay source of every
 * read-model rebuild (PostgreSQL outboxes remain the source of truth). The processes create it when
 * it is missing, with `replicas` (EVENTS_STREAM_REPLICAS: 3 on a 3-node cluster) or one, and set an
 * existing stream's count to `replicas` when given (docs/operations.md, "The cluster").
 */
export async function ensureEventsStream(jsm: JetStreamManager, replicas?: number): Promise<void> {
  const existing = await jsm.streams.info(EVENTS_STREAM).catch(() => undefined);
  if (existing) {
    const { config } = existing;
    if (replicas !== undefined && config.num_replicas !== replicas)
      await jsm.streams.update(EVENTS_STREAM, { ...config, num_replicas: replicas });
  } else {
    try {
      await jsm.streams.add({
        name: EVENTS_STREAM,
        subjects: ['events.>'],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window: nanos(10 * 60_000),
        num_replicas: replicas ?? 1,
      });
    } catch (error) {
      // Another process created it between our two calls.
      await jsm.streams.info(EVENTS_STREAM).catch(() => Promise.reject(error));
    }
  }
}
