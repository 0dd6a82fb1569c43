import { Migration } from '@mikro-orm/migrations';

/**
 * Answers of writes sent with an Idempotency-Key, stored in the transaction of the write, so a
 * repeated key answers the same without a second event. `fingerprint` catches a key reused for a
 * different request.
 */
export class Inventory0003IdempotencyKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE idempotency_keys (
        user_id text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
  }
}
