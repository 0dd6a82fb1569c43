import { Logger } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  EVENTS_STREAM,
  typeOfEventSubject,
  upcastEvent,
  WORKSPACE_CLEARED,
  type EventEnvelope,
  type WorkspaceClearedEvent,
} from '@inventory/contracts';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { runSql } from '../database/sql.js';
import { applyEventBatch, type BatchEventHandler } from './apply-batch.js';
import type { EventsConnection } from './jetstream.js';

/** A projection or reactor fed by integration events. */
export interface EventHandler {
  /** Applies one event inside the consumer's transaction (`em` is transactional). */
  handle(event: EventEnvelope, em: EntityManager): Promise<void>;
  /** Optional: applies several events at once, in order, with the same outcome as handle() on each in turn. */
  handleBatch?(events: EventEnvelope[], em: EntityManager): Promise<void>;
  /** Empties the read model before a rebuild replays the history into it. */
  reset?(em: EntityManager): Promise<void>;
  /**
   * Optional: the only event types this handler acts on. Others are acknowledged without touching
   * the database, so a busy stream of events it ignores costs it next to nothing.
   */
  readonly eventTypes?: readonly string[];
  /**
   * Drops the workspace's rows when its source cleared it (WORKSPACE_CLEARED), in stream order: the
   * events before it in a batch are applied first, those after it next. A handler without it never
   * sees that event.
   */
  clearWorkspace?(workspaceId: string, em: EntityManager): Promise<void>;
}

/** Whether the handler acts on events of this type. */
export const handles = (handler: EventHandler, type: string) =>
  type === WORKSPACE_CLEARED ? handler.clearWorkspace !== undefined : handler.eventTypes === undefined || handler.eventTypes.includes(type);

export interface EventConsumerOptions {
  /** Durable consumer name, also the key of its processed-event records, e.g. "catalog-inventory". */
  durable: string;
  /** Subject filter, e.g. events.inventory.> */
  filterSubject: string;
  handler: EventHandler;
  events: EventsConnection;
  orm: MikroORM;
  /** URL of the consuming service's own database (leader lock). */
  dbUrl: string;
  batchSize?: number;
  maxDeliver?: number;
  /** How long the first event of a batch waits for others (see consume); DEFAULT_GATHER_MS if not given. */
  gatherMs?: number;
}

/**
 * A batch's gathering window. A read model lags the events by up to this much more, which no one
 * sees on another screen; under load a batch then holds about 100 ms of events, and a consumer's
 * fixed cost per batch (transaction, batch lock, processed-event and projection statements) is
 * paid a few times a second instead of tens. Measured at 400 movements/s: the three projecting
 * services and their database sessions took 23-25% of a core instead of 29-34% with 25 ms.
 */
export const DEFAULT_GATHER_MS = 100;

/** Advisory lock keys derived from the consumer name: one for leadership, one per applied batch. */
export function consumerLockKeys(durable: string): { leader: string; batch: string } {
  const key = (salt: string) =>
    BigInt.asIntN(
      64,
      BigInt(
        `0x${createHash('sha256')
          .update(salt + durable)
          .digest('hex')
          .slice(0, 16)}`,
      ),
    ).toString();
  return { leader: key('leader:'), batch: key('batch:') };
}

/**
 * A durable JetStream consumer that applies each event exactly once: the event id is recorded in
 * `processed_events` in the same transaction as the handler's change, so a redelivery is a no-op.
 * One instance per consumer is active at a time (a PostgreSQL advisory lock elects it; the others
 * wait to take over), which keeps events applied in stream order however many instances run.
 */
export class EventConsumer {
  private readonly logger: Logger;
  private leaderClient?: pg.Client;
  private messages?: { close(): Promise<void | Error> };
  private stopped = false;
  private running?: Promise<void>;

  constructor(private readonly options: EventConsumerOptions) {
    this.logger = new Logger(`EventConsumer:${options.durable}`);
  }

  start(): void {
    this.running = this.run().catch((error: Error) => this.logger.error(`stopped: ${error.message}`));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    await this.running;
    await this.leaderClient?.end().catch(() => undefined);
  }

  private async run(): Promise<void> {
    await this.becomeLeader();
    if (this.stopped) return;
    await this.ensureConsumer();
    while (!this.stopped) {
      try {
        await this.consume();
      } catch (error) {
        if (!this.stopped) this.logger.warn(`consume loop restarted: ${(error as Error).message}`);
        await sleep(500);
      }
    }
  }

  /**
   * Waits until this instance holds the consumer's lock. A standby keeps its one connection and asks
   * again every second; a new connection each time cost PostgreSQL a process start per standby
   * consumer per second (docs/operations.md, "The cluster").
   */
  private async becomeLeader(): Promise<void> {
    const { leader } = consumerLockKeys(this.options.durable);
    let client: pg.Client | undefined;
    while (!this.stopped) {
      try {
        if (!client) {
          const connecting = new pg.Client({ connectionString: this.options.dbUrl, keepAlive: true });
          connecting.on('error', () => undefined);
          client = connecting;
          await connecting.connect();
        }
        const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS ok', [leader]);
        if (rows[0].ok) {
          this.leaderClient = client;
          return;
        }
      } catch (error) {
        this.logger.warn(`leader election: ${(error as Error).message}`);
        await client?.end().catch(() => undefined);
        client = undefined;
      }
      await sleep(1000);
    }
    await client?.end().catch(() => undefined);
  }

  /**
   * Creates the durable consumer, or takes it over. Deliveries a dead leader held unacknowledged
   * would come back only after the ack wait, behind newer events, so the new leader restarts the
   * consumer right after the last acknowledged event instead: in order, at once. What was applied
   * but not yet acknowledged comes again and is skipped (processed_events).
   */
  private async ensureConsumer(): Promise<void> {
    const { jsm } = this.options.events;
    const existing = await jsm.consumers.info(EVENTS_STREAM, this.options.durable).catch(() => null);
    if (existing && existing.num_ack_pending === 0) return;
    if (existing) await jsm.consumers.delete(EVENTS_STREAM, this.options.durable);
    await jsm.consumers.add(EVENTS_STREAM, {
      durable_name: this.options.durable,
      filter_subject: this.options.filterSubject,
      ack_policy: AckPolicy.Explicit,
      ...(existing
        ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: existing.ack_floor.stream_seq + 1 }
        : { deliver_policy: DeliverPolicy.All }),
      ack_wait: nanos(30_000),
      max_deliver: this.options.maxDeliver ?? 10,
      max_ack_pending: 10_000,
    });
  }

  /** Reads messages as they arrive and applies them in small batches, one transaction per batch. */
  private async consume(): Promise<void> {
    const consumer = await this.options.events.js.consumers.get(EVENTS_STREAM, this.options.durable);
    const messages = await consumer.consume({ max_messages: this.options.batchSize ?? 200, expires: 5000 });
    this.messages = messages;
    let batch: JsMsg[] = [];
    let flushing = Promise.resolve();
    for await (const msg of messages) {
      batch.push(msg);
      // Gather what arrives within the window, then apply it after the previous batch: under load one
      // transaction then applies many events (a few statements each time, not a few per event), and
      // the projections take less CPU from the requests.
      if (batch.length === 1) {
        flushing = flushing.then(
          () =>
            new Promise<void>((resolve) =>
              setTimeout(() => {
                const taken = batch;
                batch = [];
                this.applyBatch(taken).then(resolve, resolve);
              }, this.options.gatherMs ?? DEFAULT_GATHER_MS),
            ),
        );
      }
      if (this.stopped) break;
    }
    await flushing;
  }

  private async applyBatch(received: JsMsg[]): Promise<void> {
    const msgs: JsMsg[] = [];
    for (const msg of received) {
      if (handles(this.options.handler, typeOfEventSubject(msg.subject))) msgs.push(msg);
      else msg.ack(); // an event this handler ignores: nothing to apply or to record
    }
    if (msgs.length === 0) return;
    try {
      await this.apply(msgs.map(decode));
      msgs.forEach((m) => m.ack());
    } catch {
      // Find the poison message: apply one by one, so good events still get through.
      for (const msg of msgs) {
        try {
          await this.apply([decode(msg)]);
          msg.ack();
        } catch (error) {
          this.failed(msg, error as Error);
        }
      }
    }
  }

  /** Applies events in one transaction, skipping those this consumer already applied. */
  async apply(events: EventEnvelope[]): Promise<void> {
    const { batch } = consumerLockKeys(this.options.durable);
    await this.options.orm.em.fork().transactional(async (em) => {
      // Waits while a rebuild of this read model is running.
      await runSql(em, 'SELECT pg_advisory_xact_lock(?)', [batch]);
      await applyEvents(em, this.options.durable, this.options.handler, events);
    });
  }

  private failed(msg: JsMsg, error: Error): void {
    const maxDeliver = this.options.maxDeliver ?? 10;
    if (msg.info.deliveryCount >= maxDeliver) {
      this.logger.error(`giving up on message ${msg.seq} after ${maxDeliver} attempts: ${error.message}`);
      msg.term();
      return;
    }
    this.logger.warn(`message ${msg.seq} failed (attempt ${msg.info.deliveryCount}): ${error.message}`);
    msg.nak(Math.min(30_000, 250 * 2 ** msg.info.deliveryCount));
  }
}

/**
 * Applies events that `consumer` has not applied yet, recording each in processed_events within the
 * caller's transaction. Shared by the live consumer and the rebuild.
 */
export async function applyEvents(em: EntityManager, consumer: string, handler: EventHandler, all: EventEnvelope[]): Promise<number> {
  let applied = 0;
  let run: EventEnvelope[] = [];
  for (const event of all.filter((e) => handles(handler, e.type))) {
    if (event.type !== WORKSPACE_CLEARED) {
      run.push(event);
      continue;
    }
    // A clear splits the batch: what came before it is applied (and cleared), what follows stays.
    applied += await applyRun(em, consumer, handler, run);
    run = [];
    if (await firstTime(em, consumer, event)) {
      await handler.clearWorkspace?.((event as WorkspaceClearedEvent).data.workspaceId, em);
      applied++;
    }
  }
  return applied + (await applyRun(em, consumer, handler, run));
}

async function applyRun(em: EntityManager, consumer: string, handler: EventHandler, events: EventEnvelope[]): Promise<number> {
  if (handler.handleBatch) return applyEventBatch(em, consumer, handler as BatchEventHandler, events);
  let applied = 0;
  for (const event of events) {
    if (!(await firstTime(em, consumer, event))) continue;
    await handler.handle(event, em);
    await em.flush();
    applied++;
  }
  return applied;
}

/** Records that the consumer applies the event; false if it did before. */
async function firstTime(em: EntityManager, consumer: string, event: EventEnvelope): Promise<boolean> {
  const inserted = await runSql(em, 'INSERT INTO processed_events (consumer, event_id) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING 1', [
    consumer,
    event.id,
  ]);
  return inserted.length > 0;
}

const decode = (msg: JsMsg) => upcastEvent(msg.json<EventEnvelope>());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
