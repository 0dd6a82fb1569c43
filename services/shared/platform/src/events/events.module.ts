import {
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { EVENTS_STREAM, sourceSubjects, type ServiceName } from '@inventory/contracts';
import { withDatabase } from '../database/ensure-database.js';
import { gaugeOnScrape } from '../metrics/metrics.js';
import { EventConsumer, type EventHandler } from './event-consumer.js';
import { connectEvents, type EventsConnection } from './jetstream.js';
import { eventsNatsUrl } from '../nats/nats-options.js';
import { OutboxRelay } from './outbox-relay.js';
import { rebuildReadModel, type RebuildResult } from './rebuild.js';

export interface ConsumerDefinition {
  /** Short name of the read model or reactor, e.g. "item-counts". */
  name: string;
  source: ServiceName;
  handler: Type<EventHandler>;
}

export interface EventsModuleOptions {
  service: ServiceName;
  natsUrl: string;
  /** The events stream's replicas (EVENTS_STREAM_REPLICAS); unset: as it is, or 1 for a new stream. */
  streamReplicas?: number;
  pgUrl: string;
  dbName?: string;
  /** Starts the outbox relay (the service writes events with writeOutbox). */
  publishes?: boolean;
  consumers?: ConsumerDefinition[];
  /** False in processes that must not consume (e.g. a one-off rebuild). */
  startConsumers?: boolean;
}

export const EVENTS_CONNECTION = Symbol('EVENTS_CONNECTION');
const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

/** Durable consumer name: "<service>-<name>-<source>" (NATS durable names allow no dots). */
export const durableName = (service: ServiceName, def: ConsumerDefinition) => `${service}-${def.name}-${def.source}`;

/** Starts the relay and the consumers once the app is up, and stops them before it closes. */
@Injectable()
export class EventsRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Events');
  private relay?: OutboxRelay;
  private consumers: EventConsumer[] = [];
  private readonly stopMetrics: (() => void)[] = [];

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(EVENTS_CONNECTION) private readonly events: EventsConnection,
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly moduleRef: ModuleRef,
  ) {}

  private get dbUrl(): string {
    return withDatabase(this.options.pgUrl, this.options.dbName ?? this.options.service);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.publishes) {
      this.relay = new OutboxRelay({ dbUrl: this.dbUrl, js: this.events.js, name: this.options.service });
      await this.relay.start();
      this.stopMetrics.push(this.watchOutbox());
    }
    if (this.options.startConsumers === false) return;
    for (const def of this.options.consumers ?? []) {
      const consumer = new EventConsumer({
        durable: durableName(this.options.service, def),
        filterSubject: sourceSubjects(def.source),
        handler: this.moduleRef.get(def.handler, { strict: false }),
        events: this.events,
        orm: this.orm,
        dbUrl: this.dbUrl,
      });
      consumer.start();
      this.consumers.push(consumer);
    }
    this.stopMetrics.push(this.watchConsumers());
  }

  /** outbox_unpublished: events committed here and not yet on the bus (the relay's backlog). */
  private watchOutbox(): () => void {
    const { service } = this.options;
    return gaugeOnScrape(
      { name: 'outbox_unpublished', help: 'Events committed and not yet published by the outbox relay.', labelNames: ['service'] as const },
      async () => {
        const [{ n }] = await this.orm.em
          .getConnection()
          .execute<{ n: number }[]>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
        return [{ labels: { service }, value: n }];
      },
    );
  }

  /** event_consumer_pending: events in the stream a read model has not yet acknowledged (its lag). */
  private watchConsumers(): () => void {
    const durables = (this.options.consumers ?? []).map((def) => durableName(this.options.service, def));
    return gaugeOnScrape(
      { name: 'event_consumer_pending', help: 'Events a durable consumer has not yet acknowledged.', labelNames: ['consumer'] as const },
      async () =>
        Promise.all(
          durables.map(async (consumer) => {
            const info = await this.events.jsm.consumers.info(EVENTS_STREAM, consumer);
            return { labels: { consumer }, value: info.num_pending + info.num_ack_pending };
          }),
        ),
    );
  }

  /** Publishes pending outbox rows now (tests and latency-sensitive callers). */
  flushOutbox(): Promise<void> {
    return this.relay?.wake() ?? Promise.resolve();
  }

  /** Rebuilds every read model of this service from the event history. */
  async rebuildAll(): Promise<({ consumer: string } & RebuildResult)[]> {
    const results = [];
    for (const def of this.options.consumers ?? []) {
      const durable = durableName(this.options.service, def);
      const result = await rebuildReadModel({
        durable,
        filterSubject: sourceSubjects(def.source),
        handler: this.moduleRef.get(def.handler, { strict: false }),
        events: this.events,
        orm: this.orm,
        onProgress: ({ events, left, ms }) =>
          this.logger.log(`rebuilding ${durable}: ${events} events replayed in ${Math.round(ms / 1000)} s, ${left} left`),
      });
      this.logger.log(
        `rebuilt ${durable}: ${result.events} events in ${result.ms} ms (the replay ${result.replayMs} ms, then ${result.ms - result.replayMs} ms to derive, index and swap)`,
      );
      results.push({ consumer: durable, ...result });
    }
    return results;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopMetrics.forEach((stop) => stop());
    await Promise.all(this.consumers.map((c) => c.stop()));
    await this.relay?.stop();
    await this.events.nc.drain().catch(() => undefined);
  }
}

/** Integration events for a service: the outbox relay if it publishes, durable consumers if it listens. */
@Module({})
export class EventsModule {
  static forService(options: EventsModuleOptions): DynamicModule {
    const handlers = (options.consumers ?? []).map((c) => c.handler);
    return {
      module: EventsModule,
      global: true,
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        {
          provide: EVENTS_CONNECTION,
          useFactory: () =>
            connectEvents(eventsNatsUrl(options.natsUrl, options.service), `${options.service}-events`, options.streamReplicas),
        },
        ...handlers,
        EventsRuntime,
      ],
      exports: [EVENTS_CONNECTION, EventsRuntime, ...handlers],
    };
  }
}
