import type { ExpiringLotView, LowStockAlertView } from './inventory.js';

/**
 * Notifications beyond the bell (docs/notifications.md): email digests and Web Push. Identity owns
 * who wants what (preferences, push subscriptions, pending mail); its worker delivers.
 */
export const NotificationSubjects = {
  channels: 'identity.notifications.channels',
  subscribePush: 'identity.push.subscribe',
  unsubscribePush: 'identity.push.unsubscribe',
  /** Signed out: the token from an email's unsubscribe link authenticates. */
  unsubscribeEmail: 'identity.notifications.unsubscribe-email',
} as const;

/**
 * The BullMQ queue the identity worker delivers from. Inventory's alert worker adds a `low-stock`
 * job in the transaction that writes the alert; its id is the alert's, so a job run twice adds
 * nothing (STYLE: deterministic job ids).
 */
export const NOTIFICATIONS_QUEUE = 'notifications';

export type NotificationJob =
  | { kind: 'low-stock'; workspaceId: string; alert: LowStockAlertView }
  /** The day's expiry warnings of a workspace (docs/expiry.md): lots expiring in the warning days, or today. */
  | { kind: 'expiry'; workspaceId: string; day: string; lots: ExpiringLotView[] }
  | { kind: 'email-digest'; userId: string }
  | { kind: 'push'; userId: string; message: PushMessage };

export const lowStockJobId = (alertId: string) => `low-stock-${alertId}`;
/** One expiry job per workspace and day: the daily scan run twice adds nothing. */
export const expiryJobId = (workspaceId: string, day: string) => `expiry-${workspaceId}-${day}`;

/** What a Web Push carries; the service worker shows it and opens `url` on click. */
export interface PushMessage {
  title: string;
  body: string;
  /** Path in the web app, e.g. /inventory?item=<id>. */
  url: string;
  /** Same tag, same notification: an in-tab notification and a push for one alert show once. */
  tag: string;
}

/** GET /api/notifications/channels: which delivery channels this server has. */
export interface NotificationChannels {
  /** SMTP is configured. */
  email: boolean;
  /** VAPID keys are configured. */
  push: boolean;
  /** The VAPID public key (base64url) a browser subscribes with. */
  pushPublicKey: string | null;
}

/** A browser's push subscription (PushSubscription.toJSON() without expirationTime). */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushEndpointRef {
  endpoint: string;
}

export interface UnsubscribeEmailRequest {
  token: string;
}

export interface UnsubscribeEmailResult {
  email: string;
}

export const PUSH_ENDPOINT_MAX_LENGTH = 1000;
/** A user's browsers: one subscription each; the oldest goes when a new one would exceed this. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export const NotificationMessages = {
  invalidUnsubscribeToken: 'This unsubscribe link is not valid',
  pushEndpointNotAllowed: 'This push service is not supported',
  pushEndpointInvalid: 'endpoint must be an https URL',
  pushKeysInvalid: 'keys.p256dh and keys.auth must be base64url strings',
} as const;

/** Web paths the notifications link to. */
export const itemPath = (itemId: string) => `/inventory?item=${encodeURIComponent(itemId)}`;
export const unsubscribePath = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;

export interface NotificationsRpc {
  [NotificationSubjects.channels]: { request: void; response: NotificationChannels };
  [NotificationSubjects.subscribePush]: { request: PushSubscriptionRequest; response: PushEndpointRef };
  [NotificationSubjects.unsubscribePush]: { request: PushEndpointRef; response: PushEndpointRef };
  [NotificationSubjects.unsubscribeEmail]: { request: UnsubscribeEmailRequest; response: UnsubscribeEmailResult };
}
