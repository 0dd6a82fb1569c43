import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  NotificationMessages as M,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type Actor,
  type NotificationChannels,
  type PushEndpointRef,
  type UnsubscribeEmailResult,
} from '@inventory/contracts';
import { invalid, runSql } from '@inventory/platform';
import { getEnv } from '../config/env.js';
import { notificationChannels } from './notification-channels.js';
import type { PushEndpointDto, PushSubscriptionDto, UnsubscribeEmailDto } from './notifications.dto.js';
import { isAllowedPushEndpoint } from './push-endpoints.js';
import { userOfUnsubscribeToken } from './unsubscribe-token.js';

/** The request side of notifications: channels, a user's browsers for push, the unsubscribe link. */
@Injectable()
export class NotificationsService {
  private readonly env = getEnv();

  constructor(private readonly em: EntityManager) {}

  channels(): NotificationChannels {
    return notificationChannels(this.env);
  }

  /** Stores (or moves to this user) a browser's subscription; a user keeps their newest few. */
  async subscribePush(actor: Actor, dto: PushSubscriptionDto): Promise<PushEndpointRef> {
    if (!isAllowedPushEndpoint(dto.endpoint, this.env.pushEndpointHosts)) throw invalid(M.pushEndpointNotAllowed);
    await this.em.transactional(async (em) => {
      // A browser has one subscription; signing in as someone else on it makes it theirs.
      await runSql(
        em,
        `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES (?, ?, ?, ?)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`,
        [dto.endpoint, actor.userId, dto.keys.p256dh, dto.keys.auth],
      );
      await runSql(
        em,
        `DELETE FROM push_subscriptions WHERE endpoint IN (
           SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC OFFSET ?)`,
        [actor.userId, PUSH_SUBSCRIPTIONS_PER_USER],
      );
    });
    return { endpoint: dto.endpoint };
  }

  /** Idempotent: a browser that was already unsubscribed (or another user's) answers the same. */
  /** Every browser the actor subscribed stops getting pushes. */
  async unsubscribeAllPush(actor: Actor): Promise<void> {
    await runSql(this.em, 'DELETE FROM push_subscriptions WHERE user_id = ?', [actor.userId]);
  }

  async unsubscribePush(actor: Actor, dto: PushEndpointDto): Promise<PushEndpointRef> {
    await runSql(this.em, 'DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?', [dto.endpoint, actor.userId]);
    return { endpoint: dto.endpoint };
  }

  /** The email's unsubscribe link: turns email notifications off for the user it was sent to. */
  async unsubscribeEmail(dto: UnsubscribeEmailDto): Promise<UnsubscribeEmailResult> {
    const userId = userOfUnsubscribeToken(dto.token, this.env.notificationTokenSecret);
    const [user] = userId
      ? await runSql<{ email: string }>(this.em, 'UPDATE users SET notify_email = false WHERE id = ? RETURNING email', [userId])
      : [];
    if (!user) throw invalid(M.invalidUnsubscribeToken);
    return { email: user.email };
  }
}
