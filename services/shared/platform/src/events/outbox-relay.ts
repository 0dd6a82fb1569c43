import { Logger } from '@nestjs/common';
import type { JetStreamClient } from '@nats-io/jetstream';
import pg from 'pg';

export interface OutboxRelayOptions {
  /** URL of the service's own database. */
  dbUrl: string;
  js: JetStreamClient;
  name: string;
  batchSize?: number;
  /** Fallback poll when a notification is missed (e.g. after a reconnect). */
  pollIntervalMs?: number;
  /**
   * How long a commit notification waits for others before the outbox is read: under load one
   * read then publishes many commits (a few statements each time), at the cost of this much delay.
   */
  gatherMs?: number;
}

/** Arbitrary constant: the advisory lock that makes one relay per database publish at a time. */
const RELAY_LOCK_KEY = 4_242_002;
/** How often a standby asks for the lock: a relay that dies or stops is replaced within this time. */
const STANDBY_RETRY_MS = 1000;

/**
 * The oldest transaction still running, as of the statement's snapshot, that can belong to this
 * database (only those can still commit outbox rows here), or the snapshot's xmax when there is none.
 * pg_snapshot_xmin would do, but it is cluster-wide: a long transaction in another service's
 * database (a read-model rebuild) would hold back this outbox too. So the snapshot's running list
 * (64-bit ids) leaves out the transactions pg_stat_activity places in another database (32-bit ids,
 * matched on the low 32 bits). Left out, never picked: pg_stat_activity is read live, after the
 * snapshot was taken, and a transaction of this database that committed in between is no longer
 * there; its rows are not in the snapshot, so it must still count as running.
 */
const OLDEST_RUNNING_HERE = `
  SELECT coalesce(min(running), pg_snapshot_xmax(pg_current_snapshot()))
    FROM pg_snapshot_xip(pg_current_snapshot()) AS running
   WHERE (running::text::numeric % 4294967296)::bigint NOT IN (
     SELECT backend_xid::text::bigint FROM pg_stat_activity
      WHERE datname IS DISTINCT FROM current_database() AND backend_xid IS NOT NULL)`;

/** An unpublished outbox row; `ready` when no transaction that may commit an earlier one still runs. */
export interface OutboxRow {
  position: string;
  event_id: string;
  subject: string;
  /** As stored: published as it is, not parsed and written out again. */
  payload: string;
  ready: boolean;
}

/**
 * The first unpublished rows of the outbox, in position order. Named, and bounded in its text, so
 * that PostgreSQL plans it once per connection (with no parameter, its first plan is kept): sent
 * unnamed it was planned at every read, 0.35 ms against 0.24 ms to run it (docs/architecture.md,
 * "A write").
 */
export async function readOutbox(client: pg.ClientBase, batchSize: number): Promise<OutboxRow[]> {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new Error(`readOutbox: batch size ${batchSize} is not a positive integer`);
  const { rows } = await client.query<OutboxRow>({
    name: `outbox-read-${batchSize}`,
    text: `SELECT position, event_id, subject, payload::text AS payload, transaction_id < (${OLDEST_RUNNING_HERE}) AS ready
       FROM outbox WHERE published_at IS NULL ORDER BY position LIMIT ${batchSize}`,
  });
  return rows;
}

interface BatchOutcome {
  /** Rows published: a full batch means there may be more. */
  published: number;
  /** Unpublished rows of a transaction not yet below the oldest running one. */
  heldBack: boolean;
  lockedElsewhere: boolean;
}

/**
 * Publishes outbox rows to JetStream in commit-consistent order and marks them sent only after the
 * publish was acknowledged (at-least-once; the event id as Nats-Msg-Id makes duplicates harmless).
 *
 * Gap safety: `position` comes from a sequence and can commit out of order. A row is only taken when
 * its transaction id is below the oldest transaction of this database still running, so a slow
 * transaction that began first holds later rows back instead of being overtaken.
 *
 * One connection does it all: it listens for commits, holds the relay lock (one relay per database
 * publishes, in order) for as long as it lives, and reads and marks the outbox with two statements
 * per batch. A lost connection releases the lock; the next wake connects again.
 */
export class OutboxRelay {
  private readonly logger: Logger;
  private connection?: Promise<pg.Client>;
  /** Whether this relay's connection holds the relay lock. */
  private leading = false;
  /** Until when a standby (another instance holds the lock) does not ask for the lock again. */
  private standbyUntil = 0;
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private followUp?: Promise<void>;
  private gathering?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = new Logger(`OutboxRelay:${options.name}`);
  }

  async start(): Promise<void> {
    await this.connect();
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs ?? 1000);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.gathering);
    await this.draining?.catch(() => undefined);
    await this.disconnect();
  }

  /** Publishes everything publishable now; resolves when the outbox is drained. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      // The running drain may have read the outbox before the caller's commit: one more drain follows
      // it, shared by every caller meanwhile, and the caller waits for that one.
      this.followUp ??= this.draining.then(() => {
        this.followUp = undefined;
        return this.wake();
      });
      return this.followUp;
    }
    this.draining = this.drain()
      .catch(async (error: Error) => {
        this.logger.warn(`publish failed, will retry: ${error.message}`);
        // Starts over on a fresh connection: the lock and the listening come back with it.
        await this.disconnect();
      })
      .finally(() => {
        this.draining = undefined;
      });
    return this.draining;
  }

  /** A commit was notified: wake after the gathering window, once for all notified meanwhile. */
  private wakeSoon(): void {
    if (this.gathering || this.stopped) return;
    this.gathering = setTimeout(() => {
      this.gathering = undefined;
      void this.wake();
    }, this.options.gatherMs ?? 5);
  }

  private async drain(): Promise<void> {
    const batchSize = this.options.batchSize ?? 500;
    let batch: BatchOutcome;
    do batch = await this.publishBatch(batchSize);
    while (batch.published === batchSize && !this.stopped);
    // Rows held back behind an older transaction may be released without a notification reaching
    // us, so look again soon rather than at the next poll. A standby waits for the poll.
    if (batch.heldBack) setTimeout(() => void this.wake(), 50);
  }

  /** Reads a batch, publishes what is ready, marks it published. */
  private async publishBatch(batchSize: number): Promise<BatchOutcome> {
    const client = await this.connect();
    if (!this.leading) {
      // A standby asks for the lock once a second, not on every commit it hears of: with several
      // instances per service, asking on each notification kept every standby busy (docs/operations.md, "The cluster").
      if (Date.now() < this.standbyUntil) return { published: 0, heldBack: false, lockedElsewhere: true };
      const { rows: lock } = await client.query('SELECT pg_try_advisory_lock($1) AS ok', [RELAY_LOCK_KEY]);
      if (!lock[0].ok) {
        this.standbyUntil = Date.now() + STANDBY_RETRY_MS;
        return { published: 0, heldBack: false, lockedElsewhere: true };
      }
      this.leading = true;
    }
    const rows = await readOutbox(client, batchSize);
    const ready = rows.filter((row) => row.ready);
    if (ready.length > 0) {
      // Sent in order on one connection, so JetStream stores them in position order.
      await Promise.all(ready.map((row) => this.options.js.publish(row.subject, row.payload, { msgID: row.event_id })));
      await client.query({
        name: 'outbox-published',
        text: 'UPDATE outbox SET published_at = now() WHERE position = ANY($1::bigint[])',
        values: [ready.map((r) => r.position)],
      });
    }
    return { published: ready.length, heldBack: ready.length < rows.length, lockedElsewhere: false };
  }

  /** The relay's connection, listening for commits; opened again after it was lost. */
  private connect(): Promise<pg.Client> {
    this.connection ??= (async () => {
      // Keepalives: a peer gone silent must not hold the relay lock for long.
      const client = new pg.Client({ connectionString: this.options.dbUrl, keepAlive: true });
      client.on('notification', () => this.wakeSoon());
      client.on('error', (error) => {
        this.logger.warn(`connection lost (${error.message}); polling until it is back`);
        void this.disconnect();
      });
      try {
        await client.connect();
        await client.query('LISTEN outbox');
        return client;
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
    })();
    const connecting = this.connection;
    connecting.catch(() => {
      if (this.connection === connecting) this.connection = undefined;
    });
    return connecting;
  }

  private async disconnect(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    this.leading = false;
    const client = await connection?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }
}
