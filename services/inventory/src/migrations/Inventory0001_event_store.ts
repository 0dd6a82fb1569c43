import { Migration } from '@mikro-orm/migrations';

/**
 * The event store: one stream per item ("item-<id>"), appended with an expected version (the
 * UNIQUE (stream_id, version) constraint is what refuses a concurrent append). `transaction_id`
 * lets a reader that follows `position` hold back rows of transactions still in flight.
 */
export class Inventory0001EventStore extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE events (
        position bigserial PRIMARY KEY,
        stream_id text NOT NULL,
        version int NOT NULL,
        event_id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        CONSTRAINT events_stream_version UNIQUE (stream_id, version)
      )`);
    // An undo looks up the movement it compensates, and any earlier undo of it, by id.
    this.addSql(`CREATE INDEX events_movement ON events (stream_id, (data->>'movementId')) WHERE data->>'movementId' IS NOT NULL`);
    this.addSql(
      `CREATE INDEX events_undone_movement ON events (stream_id, (data->>'undoneMovementId')) WHERE data->>'undoneMovementId' IS NOT NULL`,
    );
  }
}
