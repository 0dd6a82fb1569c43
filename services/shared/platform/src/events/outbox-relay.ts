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
}

/** Arbitrary constant: the advisory lock that makes one relay per database publish at a time. */
const RELAY_LOCK_KEY = 4_242_002;
const LOCKED_ELSEWHERE = -1;

/**
 * Publishes outbox rows to JetStream in commit-consistent order and marks them sent only after the
 * publish was acknowledged (at-least-once; the event id as Nats-Msg-Id makes duplicates harmless).
 *
 * Gap safety: `position` comes from a sequence and can commit out of order. A row is only taken when
 * its transaction id is below the oldest transaction still running (`pg_snapshot_xmin`), so a slow
 * transaction that began first holds later rows back instead of being overtaken.
 */
export class OutboxRelay {
  private readonly logger: Logger;
  private readonly pool: pg.Pool;
  private listener?: pg.Client;
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = new Logger(`OutboxRelay:${options.name}`);
    this.pool = new pg.Pool({ connectionString: options.dbUrl, max: 2 });
    this.pool.on('error', (error) => this.logger.warn(error.message));
  }

  async start(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs ?? 1000);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  /** Publishes everything publishable now; resolves when the outbox is drained. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drain()
      .catch((error: Error) => this.logger.warn(`publish failed, will retry: ${error.message}`))
      .finally(() => {
        this.draining = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.wake();
        }
      });
    return this.draining;
  }

  private async drain(): Promise<void> {
    let published: number;
    do published = await this.publishBatch();
    while (published > 0 && !this.stopped);
    // Another instance holds the lock: it may finish before our rows commit, so look again soon.
    if (published === LOCKED_ELSEWHERE) setTimeout(() => void this.wake(), 50);
  }

  /** One transaction: lock, read a batch, publish it, mark it published. Returns the count. */
  private async publishBatch(): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: lock } = await client.query('SELECT pg_try_advisory_xact_lock($1) AS ok', [RELAY_LOCK_KEY]);
      if (!lock[0].ok) {
        await client.query('ROLLBACK');
        return LOCKED_ELSEWHERE;
      }
      const { rows } = await client.query<{ position: string; event_id: string; subject: string; payload: unknown }>(
        `SELECT position, event_id, subject, payload FROM outbox
          WHERE published_at IS NULL AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY position LIMIT $1`,
        [this.options.batchSize ?? 500],
      );
      if (rows.length > 0) {
        // Sent in order on one connection, so JetStream stores them in position order.
        await Promise.all(
          rows.map((row) => this.options.js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.event_id })),
        );
        await client.query('UPDATE outbox SET published_at = now() WHERE position = ANY($1::bigint[])', [rows.map((r) => r.position)]);
      }
      await client.query('COMMIT');
      return rows.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async listen(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.options.dbUrl });
    listener.on('notification', () => void this.wake());
    listener.on('error', (error) => {
      this.logger.warn(`listener lost (${error.message}); polling until it is back`);
      this.listener = undefined;
      setTimeout(() => !this.stopped && this.listen().catch(() => undefined), 1000);
    });
    await listener.connect();
    await listener.query('LISTEN outbox');
    this.listener = listener;
  }
}
