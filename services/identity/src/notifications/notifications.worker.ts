import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { expiryJobId, itemPath, lowStockJobId, NOTIFICATIONS_QUEUE, type NotificationJob, type PushMessage } from '@inventory/contracts';
import { runSql } from '@inventory/platform';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { getEnv } from '../config/env.js';
import { digestEmail, expiryText, type DigestLine, type ExpiryLine, type LowStockLine } from './digest-email.js';
import { Mailer } from './mailer.js';
import { digestJob, NotificationJobQueue, pushJobId, type QueuedJob } from './notification-jobs.js';
import { PushSender } from './push-sender.js';
import { unsubscribeToken } from './unsubscribe-token.js';

type LowStockJob = Extract<NotificationJob, { kind: 'low-stock' }>;
type ExpiryJob = Extract<NotificationJob, { kind: 'expiry' }>;

/** The user preference (a users column) that gates each kind of notification, besides the channel's own. */
const PREFERENCE = { 'low-stock': 'notify_low_stock', expiry: 'notify_expiry' } as const satisfies Record<DigestLine['kind'], string>;

/** What one notification becomes for a recipient: digest lines (each with its own id) and a push. */
interface Fanned {
  kind: DigestLine['kind'];
  workspaceId: string;
  notificationId: string;
  lines: { id: string; line: Omit<DigestLine, 'workspaceName'> }[];
  push: (workspaceName: string) => PushMessage;
}

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
        return this.fanOutLowStock(em, data);
      case 'expiry':
        return this.fanOutExpiry(em, data);
      case 'email-digest':
        return this.sendDigest(em, data.userId, job.id!);
      case 'push':
        return this.push.send(em, data.userId, data.message);
    }
  }

  private fanOutLowStock(em: EntityManager, { workspaceId, alert }: LowStockJob): Promise<void> {
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
    return this.fanOut(em, {
      kind: 'low-stock',
      workspaceId,
      notificationId,
      lines: [{ id: notificationId, line }],
      push: (workspaceName) => ({
        title: `Low stock: ${item.name}`,
        body:
          item.currentStock === 0
            ? `Out of stock (reorder level ${item.reorderLevel}) · ${workspaceName}`
            : `${item.currentStock} left, reorder level ${item.reorderLevel} · ${workspaceName}`,
        url: itemPath(item.id),
        tag: notificationId,
      }),
    });
  }

  /** The day's expiry warnings of a workspace: a digest line per lot, one push for them all (docs/expiry.md). */
  private fanOutExpiry(em: EntityManager, { workspaceId, day, lots }: ExpiryJob): Promise<void> {
    const notificationId = expiryJobId(workspaceId, day);
    const lines = lots.map((lot, i) => {
      const line: Omit<ExpiryLine, 'workspaceName'> = {
        kind: 'expiry',
        itemId: lot.itemId,
        itemName: lot.itemName,
        lot: lot.lot,
        expiresOn: lot.expiresOn,
        daysLeft: lot.daysLeft,
        quantity: lot.quantity,
        locationName: lot.locationName,
      };
      return { id: `${notificationId}-${i}`, line };
    });
    const [first] = lots;
    return this.fanOut(em, {
      kind: 'expiry',
      workspaceId,
      notificationId,
      lines,
      push: (workspaceName) => ({
        title: lots.length === 1 ? `Expiring: ${first.itemName}` : `Expiring: ${lots.length} lots`,
        body:
          lots.length === 1
            ? `${first.quantity} ${expiryText(first.daysLeft)} (${first.expiresOn}) · ${workspaceName}`
            : `${lots.map((lot) => lot.itemName).join(', ')} · ${workspaceName}`,
        url: lots.length === 1 ? itemPath(first.itemId) : '/inventory?expiry=expiring',
        tag: notificationId,
      }),
    });
  }

  /** To the members of the workspace who want this kind: their digest lines, and a push each. */
  private async fanOut(em: EntityManager, notification: Fanned): Promise<void> {
    const email = this.mailer.enabled;
    const push = this.push.enabled;
    if (!email && !push) return;
    const recipients = await runSql<Recipient>(
      em,
      // Push only to users with a browser subscribed: most have the preference on (the default) and none.
      `SELECT u.id, u.notify_email AS email, w.name AS workspace_name,
              u.notify_push AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id) AS push
         FROM workspace_members m JOIN users u ON u.id = m.user_id JOIN workspaces w ON w.id = m.workspace_id
        WHERE m.workspace_id = ? AND u.${PREFERENCE[notification.kind]} AND (u.notify_email OR u.notify_push)`,
      [notification.workspaceId],
    );
    const next: QueuedJob[] = [];
    for (const recipient of recipients) {
      if (email && recipient.email) {
        for (const { id, line } of notification.lines) {
          await runSql(
            em,
            `INSERT INTO pending_emails (user_id, notification_id, line) VALUES (?, ?, ?) ON CONFLICT (user_id, notification_id) DO NOTHING`,
            [recipient.id, id, JSON.stringify({ ...line, workspaceName: recipient.workspace_name })],
          );
        }
        // Added even when the lines were there: a run that died before this step left them without their digest.
        const digest = digestJob(recipient.id, this.env.EMAIL_DIGEST_WINDOW_MS);
        next.push({ job: { kind: 'email-digest', userId: recipient.id }, ...digest });
      }
      if (push && recipient.push) {
        const message = notification.push(recipient.workspace_name);
        next.push({ job: { kind: 'push', userId: recipient.id, message }, jobId: pushJobId(notification.notificationId, recipient.id) });
      }
    }
    await this.jobs.add(next);
  }

  /** Sends the lines queued for a user as one email; the lines are claimed by this job's id first. */
  private async sendDigest(em: EntityManager, userId: string, digestId: string): Promise<void> {
    const claimed = await runSql<{ line: DigestLine }>(
      em,
      `UPDATE pending_emails SET digest_id = ?
        WHERE user_id = ? AND sent_at IS NULL AND (digest_id IS NULL OR digest_id = ?)
        RETURNING line, created_at`,
      [digestId, userId, digestId],
    );
    if (claimed.length === 0) return;
    const [user] = await runSql<{ email: string; email_on: boolean } & Record<(typeof PREFERENCE)[DigestLine['kind']], boolean>>(
      em,
      'SELECT email, notify_email AS email_on, notify_low_stock, notify_expiry FROM users WHERE id = ?',
      [userId],
    );
    // Lines of a kind turned off since they were queued are dropped, not sent later.
    const lines = user?.email_on
      ? claimed
          .map((row) => row.line)
          .filter((line) => user[PREFERENCE[line.kind]])
          .sort(
            (a, b) => (a.kind === 'expiry' && b.kind === 'expiry' ? a.daysLeft - b.daysLeft : 0) || a.itemName.localeCompare(b.itemName),
          )
      : [];
    if (lines.length > 0) {
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
