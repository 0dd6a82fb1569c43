import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  EVENTS_STREAM,
  type Actor,
  type Envelope,
  type EventEnvelope,
  type RpcRequest,
  type RpcResponse,
  type Subject,
} from '@inventory/contracts';
import { connectEvents, EventsRuntime, natsTransport, rpc, ServiceError, type EventsConnection } from '@inventory/platform';
import {
  consumerCaughtUp,
  jobsDrained,
  queryDb,
  startServices,
  testServers,
  type RunningServices,
  testActor,
} from '@inventory/platform/testing';
import { DeliverPolicy } from '@nats-io/jetstream';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ALERTS_QUEUE } from '../../src/alerts/alert-jobs.js';
import { AppModule } from '../../src/app.module.js';
import { getEnv } from '../../src/config/env.js';
import { WorkerModule } from '../../src/worker.module.js';

export interface InventoryHarness {
  services: RunningServices;
  worker?: INestApplicationContext;
  client: ClientProxy;
  events: EventsConnection;
  orm: MikroORM;
  runtime: EventsRuntime;
  call<S extends Subject>(subject: S, data: RpcRequest<S>, actor: Actor, meta?: Envelope<unknown>['meta']): Promise<RpcResponse<S>>;
  /** The ServiceError a call is refused with. */
  refusal<S extends Subject>(subject: S, data: RpcRequest<S>, actor: Actor): Promise<ServiceError>;
  /** Alert jobs waiting, running or due for a retry. */
  alertJobsPending(): Promise<number>;
  /** Publishes an integration event of another service straight to JetStream. */
  publish(event: EventEnvelope): Promise<void>;
  close(): Promise<void>;
}

/** The inventory service in this process on the test servers, optionally with its alert worker (backlog worked off). */
export async function startInventory({ worker = false } = {}): Promise<InventoryHarness> {
  const services = await startServices({ inventory: AppModule });
  const app = services.apps.get('inventory')!;
  const workerApp = worker ? await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] }) : undefined;
  const client = ClientProxyFactory.create(natsTransport(testServers.natsUrl())) as ClientProxy;
  await client.connect();
  const events = await connectEvents(testServers.natsUrl(), 'inventory-test');
  if (worker) {
    // What earlier test files left (their events for the alert consumer, their alert jobs) is
    // worked off first: a test gives its own alert ten seconds, not that backlog's time.
    await consumerCaughtUp(events, 'inventory-low-stock-inventory', 150_000);
    await jobsDrained(ALERTS_QUEUE, 120_000);
  }
  const redis = new Redis(getEnv().REDIS_URL, { maxRetriesPerRequest: null });
  const alertJobs = new Queue(ALERTS_QUEUE, { connection: redis });
  const call: InventoryHarness['call'] = (subject, data, actor, meta) => rpc(client, subject, data, { actor, meta, timeoutMs: 15_000 });
  return {
    services,
    worker: workerApp,
    client,
    events,
    orm: app.get(MikroORM),
    runtime: app.get(EventsRuntime),
    call,
    refusal: async (subject, data, actor) => {
      const error = await call(subject, data, actor).then(
        () => null,
        (e: unknown) => e,
      );
      if (!(error instanceof ServiceError)) throw new Error(`expected ${subject} to be refused, got ${String(error)}`);
      return error;
    },
    alertJobsPending: async () => {
      const counts = await alertJobs.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).reduce((sum, n) => sum + n, 0);
    },
    publish: async (event) => {
      await events.js.publish(`events.${event.source}.${event.type}`, JSON.stringify(event), { msgID: event.id });
    },
    close: async () => {
      await alertJobs.close();
      redis.disconnect();
      await client.close();
      await events.nc.drain();
      await workerApp?.close();
      await services.close();
    },
  };
}

export const newActor = (): Actor => testActor(`test-${randomUUID()}`);

/**
 * A category or place of `actor`'s that the inventory's replicas know (as if its created event had
 * arrived): writes may name only those. Returns its id.
 */
export async function knownReference(kind: 'category' | 'location', actor: Actor, name: string = kind): Promise<string> {
  const id = randomUUID();
  await queryDb('inventory', `INSERT INTO ${kind}_replicas (id, workspace_id, name) VALUES ($1, $2, $3)`, [id, actor.workspaceId, name]);
  return id;
}
export const knownPlace = (actor: Actor, name?: string) => knownReference('location', actor, name);
export const knownCategory = (actor: Actor, name?: string) => knownReference('category', actor, name);

/** Ids of the events of `streamIds` in JetStream, in stream order (published since `since`). */
export async function publishedEventIds(events: EventsConnection, streamIds: string[], since: Date): Promise<string[]> {
  const consumer = await events.js.consumers.get(EVENTS_STREAM, {
    filter_subjects: 'events.inventory.>',
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
  });
  const ids: string[] = [];
  try {
    let pending = (await consumer.info()).num_pending;
    while (pending > 0) {
      const batch = await consumer.fetch({ max_messages: Math.min(pending, 1000), expires: 2000 });
      for await (const msg of batch) {
        const event = msg.json<EventEnvelope>();
        if (streamIds.includes(event.streamId)) ids.push(event.id);
        pending = msg.info.pending;
      }
    }
  } finally {
    await consumer.delete().catch(() => undefined);
  }
  return ids;
}
