import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PushMessage } from '@inventory/contracts';
import { runSql } from '@inventory/platform';
import webpush from 'web-push';
import { getEnv } from '../config/env.js';
import { isAllowedPushEndpoint } from './push-endpoints.js';

/** A day: a phone that is off overnight still gets the morning's notifications. */
const PUSH_TTL_SECONDS = 24 * 3600;

/** Web Push (VAPID) to each browser the user subscribed; subscriptions the push service calls gone are dropped. */
@Injectable()
export class PushSender {
  private readonly logger = new Logger('PushSender');
  private readonly env = getEnv();

  get enabled(): boolean {
    return Boolean(this.env.VAPID_PUBLIC_KEY && this.env.VAPID_PRIVATE_KEY);
  }

  async send(em: EntityManager, userId: string, message: PushMessage): Promise<void> {
    const subscriptions = await runSql<{ endpoint: string; p256dh: string; auth: string }>(
      em,
      'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ?',
      [userId],
    );
    const failures: string[] = [];
    for (const { endpoint, p256dh, auth } of subscriptions) {
      if (!isAllowedPushEndpoint(endpoint, this.env.pushEndpointHosts)) continue;
      try {
        await webpush.sendNotification({ endpoint, keys: { p256dh, auth } }, JSON.stringify(message), {
          vapidDetails: { subject: this.env.VAPID_SUBJECT, publicKey: this.env.VAPID_PUBLIC_KEY!, privateKey: this.env.VAPID_PRIVATE_KEY! },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          timeout: 10_000,
        });
      } catch (error) {
        const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
        if (status === 404 || status === 410) {
          await runSql(em, 'DELETE FROM push_subscriptions WHERE endpoint = ?', [endpoint]);
          continue;
        }
        failures.push(status ? `HTTP ${status}` : (error as Error).message);
      }
    }
    // The job is retried; a browser that already got it shows the same tag once.
    if (failures.length > 0)
      throw new Error(`push to ${failures.length} of ${subscriptions.length} browsers failed: ${failures.join(', ')}`);
    if (subscriptions.length > 0) this.logger.debug?.(`pushed "${message.title}" to ${subscriptions.length} browser(s)`);
  }
}
