import { Migration } from '@mikro-orm/migrations';

/**
 * Notification delivery (docs/notifications.md): the browsers a user gets Web Push in, and the
 * email lines waiting for their digest. A line's key is (user, notification), so a notification
 * job run twice queues nothing twice; `sent_at` keeps a sent line from going out again.
 */
export class Identity0004Notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE push_subscriptions (
        endpoint varchar(1000) PRIMARY KEY,
        user_id varchar(64) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        p256dh varchar(200) NOT NULL,
        auth varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at)');
    this.addSql(`
      CREATE TABLE pending_emails (
        user_id varchar(64) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        notification_id varchar(100) NOT NULL,
        line jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- The digest job that took the line, and when that digest went out.
        digest_id varchar(200),
        sent_at timestamptz,
        PRIMARY KEY (user_id, notification_id)
      )`);
    this.addSql('CREATE INDEX pending_emails_unsent ON pending_emails (user_id, created_at) WHERE sent_at IS NULL');
  }
}
