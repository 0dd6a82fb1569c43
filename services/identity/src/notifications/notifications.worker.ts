import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { itemPath, lowStockJobId, NOTIFICATIONS_QUEUE, type NotificationJob } from '@inventory/contracts';
import { runSql } from '@inventory/platform';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';
import { digestEmail, type LowStockLine } from './digest-email.js';
import { Mailer } from './mailer.js';
import { digestJob, NotificationJobQueue, pushJobId, type QueuedJob } from './notification-jobs.js';
import { PushSender } from './push-sender.js';
import { unsubscribeToken } from './unsubscribe-token.js';

type LowStockJob = Extract<NotificationJob, { kind: 'low-stock' }>;

interface Recipient {
  id: string;
  email: boolean;
  push: boolean;
  workspace_name: string;
}

/**
 * Delivers notifications (docs/notifications.md). A low-stock job (added by inventory's alert worker)
 * fans out to the members of the item's workspace who want low-stock notifications: a line in their
 * next email digest and a push job each. Every step is idempotent, so a job run twice sends nothing twice.
 */
@Injectable()
export class NotificationsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('NotificationsWorker');
  private readonly env = getEnv();
  private worker?: Worker<NotificationJob>;
  private redis?: Redis;

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: NotificationJobQueue,
    private readonly mailer: Mailer,
    private readonly push: PushSender,
  ) {}

  onApplicationBootstrap(): void {
    this.redis = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<NotificationJob>(NOTIFICATIONS_QUEUE, (job) => this.process(job), {
      connection: this.redis,
      concurrency: this.env.NOTIFICATIONS_WORKER_CONCURRENCY,
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`job ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`));
    this.worker.on('error', (error) => this.logger.warn(error.message));
  }

  private process(job: Job<NotificationJob>): Promise<void> {
    const em = this.orm.em.fork();
    const data = job.data;
    switch (data.kind) {
      case 'low-stock':
        return this.fanOut(em, data);
      case 'email-digest':
        return this.sendDigest(em, data.userId, job.id!);
      case 'push':
        return this.push.send(em, data.userId, data.message);
    }
  }

  private async fanOut(em: EntityManager, { workspaceId, alert }: LowStockJob): Promise<void> {
    const email = this.mailer.enabled;
    const push = this.push.enabled;
    if (!email && !push) return;
    const recipients = await runSql<Recipient>(
      em,
      // Push only to users with a browser subscribed: most have the preference on (the default) and none.
      `SELECT u.id, u.notify_email AS email, w.name AS workspace_name,
              u.notify_push AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id) AS push
         FROM workspace_members m JOIN users u ON u.id = m.user_id JOIN workspaces w ON w.id = m.workspace_id
        WHERE m.workspace_id = ? AND u.notify_low_stock AND (u.notify_email OR u.notify_push)`,
      [workspaceId],
    );
    const notificationId = lowStockJobId(alert.id);
    const { item } = alert;
    const line: Omit<LowStockLine, 'workspaceName'> = {
      kind: 'low-stock',
      itemId: item.id,
      itemName: item.name,
      currentStock: item.currentStock,
      reorderLevel: item.reorderLevel,
      severity: alert.severity,
    };
    const next: QueuedJob[] = [];
    for (const recipient of recipients) {
      if (email && recipient.email) {
        await runSql(
          em,
          `INSERT INTO pending_emails (user_id, notification_id, line) VALUES (?, ?, ?) ON CONFLICT (user_id, notification_id) DO NOTHING`,
          [recipient.id, notificationId, JSON.stringify({ ...line, workspaceName: recipient.workspace_name })],
        );
        // Added even when the line was there: a run that died before this step left it without its digest.
        const digest = digestJob(recipient.id, this.env.EMAIL_DIGEST_WINDOW_MS);
        next.push({ job: { kind: 'email-digest', userId: recipient.id }, ...digest });
      }
      if (push && recipient.push) {
        const message = {
          title: `Low stock: ${item.name}`,
          body:
            item.currentStock === 0
              ? `Out of stock (reorder level ${item.reorderLevel}) · ${recipient.workspace_name}`
              : `${item.currentStock} left, reorder level ${item.reorderLevel} · ${recipient.workspace_name}`,
          url: itemPath(item.id),
          tag: notificationId,
        };
        next.push({ job: { kind: 'push', userId: recipient.id, message }, jobId: pushJobId(notificationId, recipient.id) });
      }
    }
    await this.jobs.add(next);
  }

  /** Sends the lines queued for a user as one email; the lines are claimed by this job's id first. */
  private async sendDigest(em: EntityManager, userId: string, digestId: string): Promise<void> {
    const claimed = await runSql<{ line: LowStockLine }>(
      em,
      `UPDATE pending_emails SET digest_id = ?
        WHERE user_id = ? AND sent_at IS NULL AND (digest_id IS NULL OR digest_id = ?)
        RETURNING line, created_at`,
      [digestId, userId, digestId],
    );
    if (claimed.length === 0) return;
    const [user] = await runSql<{ email: string; wants: boolean }>(
      em,
      'SELECT email, notify_email AND notify_low_stock AS wants FROM users WHERE id = ?',
      [userId],
    );
    // Turned off since the line was queued: it is dropped, not sent later.
    if (user?.wants) {
      const lines = claimed.map((row) => row.line).sort((a, b) => a.itemName.localeCompare(b.itemName));
      const mail = digestEmail(lines, this.env.PUBLIC_URL, unsubscribeToken(userId, this.env.notificationTokenSecret));
      await this.mailer.send({ to: user.email, ...mail, messageId: `<${digestId}@inventory.notifications>` });
    }
    await runSql(em, 'UPDATE pending_emails SET sent_at = now() WHERE user_id = ? AND digest_id = ?', [userId, digestId]);
  }

  async onApplicationShutdown(): Promise<void> {
    // Finishes the jobs in hand; the others stay queued for the next worker.
    await this.worker?.close();
    this.redis?.disconnect();
  }
}
