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
  /**
   * Optional: applies several events at once, in order, with the same outcome as handle() on each in
   * turn. During a rebuild `apply.replaying` is true: what replayed() derives may be left out.
   */
  handleBatch?(events: EventEnvelope[], em: EntityManager, apply?: ApplyContext): Promise<void>;
  /** Empties the read model before a rebuild replays the history into it. */
  reset?(em: EntityManager): Promise<void>;
  /**
   * Optional: after a rebuild replayed the whole history, in its transaction: derives in one pass
   * what is cheaper to compute from the replayed rows than to update batch by batch (a running
   * total's row updated by every batch of one long transaction keeps every version it had).
   */
  replayed?(em: EntityManager): Promise<void>;
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

/** How a batch is being applied: live, or replayed by a rebuild (rebuildReadModel). */
export interface ApplyContext {
  replaying: boolean;
}

const LIVE: ApplyContext = { replaying: false };

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
  /** The most deliveries held before they are applied (see consume); DEFAULT_MAX_HELD if not given. */
  maxHeld?: number;
}

/**
 * A batch's gathering window. A read model lags the events by up to this much more, which no one
 * sees on another screen; under load a batch then holds about 100 ms of events, and a consumer's
 * fixed cost per batch (transaction, batch lock, processed-event and projection statements) is
 * paid a few times a second instead of tens. Measured at 400 movements/s: the three projecting
 * services and their database sessions took 23-25% of a core instead of 29-34% with 25 ms.
 */
export const DEFAULT_GATHER_MS = 100;

/**
 * The most deliveries a consumer holds that are not applied yet. Past it, it reads no more until its
 * batches are applied: the deliveries stay on the server. While a rebuild holds a read model's lock
 * (minutes at #22's size), a consumer that read on kept every event of those minutes in memory, and
 * again each time the server delivered them anew after the ack wait (reporting: 503–721 MB, docs/reports.md).
 */
export const DEFAULT_MAX_HELD = 2000;

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
 *
 * Order also holds through faults (docs/operations.md, "Drills"): when the leader's lock connection
 * is lost, or the database stops answering mid-batch, the delivery session ends without a
 * negative acknowledgement and the consumer starts again right after the last acknowledged event.
 * Naking each event of a failed batch would let later events overtake it, and the projections that
 * keep an item's latest stock would keep an older one.
 */
export class EventConsumer {
  private readonly logger: Logger;
  private leaderClient?: pg.Client;
  /** The current delivery session: ended (and its undelivered batches dropped) on a fault or a stop. */
  private session?: DeliverySession;
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
    await this.session?.end();
    await this.running;
    await this.leaderClient?.end().catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await this.becomeLeader();
      if (this.stopped) return;
      try {
        await this.ensureConsumer();
        await this.consume();
      } catch (error) {
        if (!this.stopped) this.logger.warn(`consume loop restarted: ${(error as Error).message}`);
      }
      if (!this.stopped) await sleep(500);
    }
  }

  /**
   * Waits until this instance holds the consumer's lock (at once while it still does). A standby
   * keeps its one connection and asks again every second; a new connection each time cost PostgreSQL
   * a process start per standby consumer per second (docs/operations.md, "The cluster").
   */
  private async becomeLeader(): Promise<void> {
    if (this.leaderClient) return;
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
          const won = client;
          this.leaderClient = won;
          // The lock goes with its connection: once that is lost, another instance may lead.
          const lost = () => void this.loseLeadership(won);
          won.once('error', lost);
          won.once('end', lost);
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

  private async loseLeadership(client: pg.Client): Promise<void> {
    if (this.leaderClient !== client) return;
    this.leaderClient = undefined;
    if (!this.stopped) this.logger.warn('lost the leader lock with its connection: consuming stops until it is won again');
    await this.session?.end();
    await client.end().catch(() => undefined);
  }

  /**
   * Creates the durable consumer, or takes it over. Deliveries a dead leader (or an ended session)
   * held unacknowledged would come back only after the ack wait, behind newer events, so the new
   * session restarts the consumer right after the last acknowledged event instead: in order, at
   * once. What was applied but not yet acknowledged comes again and is skipped (processed_events).
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

  /**
   * Reads messages as they arrive and applies them in small batches, one transaction per batch,
   * until the session ends (a stop, a lost lock, a database outage).
   */
  private async consume(): Promise<void> {
    const consumer = await this.options.events.js.consumers.get(EVENTS_STREAM, this.options.durable);
    const messages = await consumer.consume({ max_messages: this.options.batchSize ?? 200, expires: 5000 });
    const session = new DeliverySession(messages);
    this.session = session;
    if (this.stopped || !this.leaderClient) await session.end();
    let batch: JsMsg[] = [];
    let flushing = Promise.resolve();
    let held = 0;
    for await (const msg of messages) {
      if (!session.live) break;
      batch.push(msg);
      held++;
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
                this.applyBatch(taken, session)
                  .finally(() => (held -= taken.length))
                  .then(resolve, resolve);
              }, this.options.gatherMs ?? DEFAULT_GATHER_MS),
            ),
        );
      }
      // The message stream asks the server for more only as it is read (@nats-io/jetstream's consume):
      // waiting here leaves the rest on the server.
      if (held >= (this.options.maxHeld ?? DEFAULT_MAX_HELD)) await flushing;
    }
    await flushing;
  }

  private async applyBatch(received: JsMsg[], session: DeliverySession): Promise<void> {
    // A batch after a failed one is left unacknowledged: the next session delivers it again, in order.
    if (!session.live) return;
    const msgs: JsMsg[] = [];
    for (const msg of received) {
      if (handles(this.options.handler, typeOfEventSubject(msg.subject))) msgs.push(msg);
      else msg.ack(); // an event this handler ignores: nothing to apply or to record
    }
    if (msgs.length === 0) return;
    try {
      await this.apply(msgs.map(decode));
      msgs.forEach((m) => m.ack());
    } catch (error) {
      if (await this.databaseDown(error as Error, session)) return;
      // Find the poison message: apply one by one, so good events still get through.
      for (const msg of msgs) {
        try {
          await this.apply([decode(msg)]);
          msg.ack();
        } catch (error) {
          if (await this.databaseDown(error as Error, session)) return;
          this.failed(msg, error as Error);
        }
      }
    }
  }

  /**
   * Whether a failed apply was the database's fault rather than the event's: then the session ends,
   * nothing is acknowledged or refused, and the next session starts from the last acknowledged event.
   */
  private async databaseDown(error: Error, session: DeliverySession): Promise<boolean> {
    const answers = await runSql(this.options.orm.em.fork(), 'SELECT 1').then(
      () => true,
      () => false,
    );
    if (answers) return false;
    this.logger.warn(`the database does not answer (${error.message}): consuming resumes from the last acknowledged event`);
    await session.end();
    return true;
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
export async function applyEvents(
  em: EntityManager,
  consumer: string,
  handler: EventHandler,
  all: EventEnvelope[],
  apply: ApplyContext = LIVE,
): Promise<number> {
  let applied = 0;
  let run: EventEnvelope[] = [];
  for (const event of all.filter((e) => handles(handler, e.type))) {
    if (event.type !== WORKSPACE_CLEARED) {
      run.push(event);
      continue;
    }
    // A clear splits the batch: what came before it is applied (and cleared), what follows stays.
    applied += await applyRun(em, consumer, handler, run, apply);
    run = [];
    if (await firstTime(em, consumer, event)) {
      await handler.clearWorkspace?.((event as WorkspaceClearedEvent).data.workspaceId, em);
      applied++;
    }
  }
  return applied + (await applyRun(em, consumer, handler, run, apply));
}

async function applyRun(
  em: EntityManager,
  consumer: string,
  handler: EventHandler,
  events: EventEnvelope[],
  apply: ApplyContext,
): Promise<number> {
  if (handler.handleBatch) return applyEventBatch(em, consumer, handler as BatchEventHandler, events, apply);
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

/** One run of deliveries from the consumer; ending it closes its message stream. */
class DeliverySession {
  live = true;

  constructor(private readonly messages: { close(): Promise<void | Error> }) {}

  async end(): Promise<void> {
    this.live = false;
    await this.messages.close().catch(() => undefined);
  }
}
