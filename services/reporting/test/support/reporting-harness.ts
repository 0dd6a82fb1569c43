import { ClientProxyFactory } from '@nestjs/microservices';
import {
  eventSubject,
  ReportingSubjects,
  type Actor,
  type EventEnvelope,
  type InventoryReportQuery,
  type ReportRow,
  type RpcRequest,
  type RpcResponse,
  type Subject,
} from '@inventory/contracts';
import { connectEvents, EventsRuntime, natsTransport, rpc, rpcChunked, type EventsConnection } from '@inventory/platform';
import { eventually, queryDb, startServices, testServers, testActor } from '@inventory/platform/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../../src/app.module.js';

export interface ReportingHarness {
  events: EventsConnection;
  /** Publishes events as the outbox relays do, and waits until reporting has applied them all. */
  publish(list: readonly EventEnvelope[]): Promise<void>;
  /** Calls the reporting service as the gateway does for this user. */
  call<S extends Subject>(userId: string, subject: S, data: RpcRequest<S>): Promise<RpcResponse<S>>;
  /** The inventory report, joined from the chunks it is answered in. */
  report(userId: string, query: InventoryReportQuery): Promise<ReportRow[]>;
  rebuildAll(): ReturnType<EventsRuntime['rebuildAll']>;
  /** A fresh entity manager of the service's own database connection. */
  entityManager(): EntityManager;
  close(): Promise<void>;
}

/** The reporting service with its live consumers on the real servers, plus a publisher and a client. */
export async function startReporting(): Promise<ReportingHarness> {
  const services = await startServices({ reporting: AppModule });
  const client = ClientProxyFactory.create(natsTransport(testServers.natsUrl()));
  await client.connect();
  const events = await connectEvents(testServers.natsUrl(), 'reporting-test');
  return {
    events,
    async publish(list) {
      // Sent in order on one connection, so JetStream stores them in order; the acknowledgements overlap.
      for (let i = 0; i < list.length; i += PUBLISH_WINDOW) {
        const window = list.slice(i, i + PUBLISH_WINDOW);
        await Promise.all(window.map((e) => events.js.publish(eventSubject(e.source, e.type), JSON.stringify(e), { msgID: e.id })));
      }
      await waitUntilApplied(list.map((e) => e.id));
    },
    call: (userId, subject, data) => rpc(client, subject, data, { actor: actorOf(userId) }),
    report: (userId, query) => rpcChunked(client, ReportingSubjects.inventoryReport, query, { actor: actorOf(userId) }),
    rebuildAll: () => services.apps.get('reporting')!.get(EventsRuntime).rebuildAll(),
    entityManager: () => services.apps.get('reporting')!.get(EntityManager).fork(),
    async close() {
      await client.close();
      await events.nc.drain();
      await services.close();
    },
  };
}

/** Every consumer records the events it applied; the one the event is for may run in another process. */
export async function waitUntilApplied(ids: string[]): Promise<void> {
  await eventually(
    async () => {
      const [row] = await queryDb<{ n: number }>(
        'reporting',
        'SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::uuid[])',
        [ids],
      );
      return row.n === ids.length;
    },
    15_000 + 5 * ids.length, // generous: the test servers are shared with other suites
  );
}

export const newUserId = () => `user-${randomUUID()}`;
const actorOf = (userId: string): Actor => testActor(userId);
const PUBLISH_WINDOW = 500;
