import type { MigrationObject } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';

/**
 * Outbox rows are written in the transaction of the change they announce. `transaction_id` lets the
 * relay hold back rows of transactions that are still open (see OutboxRelay). The trigger wakes the
 * relay at commit time, so publishing does not wait for the next poll.
 */
class CreateOutbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE outbox (
        position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id uuid NOT NULL UNIQUE,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    this.addSql('CREATE INDEX outbox_unpublished ON outbox (position) WHERE published_at IS NULL');
    this.addSql(`
      CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('outbox', ''); RETURN NULL; END $$`);
    this.addSql('CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()');
  }
}

/** Which events each consumer has applied; written in the same transaction as the projection change. */
class CreateProcessedEvents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }
}

/** Add to a service's migration list when it publishes events. */
export const outboxMigration: MigrationObject = { name: 'Platform0001_outbox', class: CreateOutbox };
/** Add to a service's migration list when it consumes events. */
export const processedEventsMigration: MigrationObject = { name: 'Platform0002_processed_events', class: CreateProcessedEvents };
