import type { NotificationChannels, PushEndpointRef, PushSubscriptionRequest, UnsubscribeEmailResult } from '@inventory/contracts';
import { apiRequest, http } from './http';

export type { NotificationChannels };
/** A browser's push subscription as the server stores it: `PushSubscription.toJSON()` without expirationTime. */
export type PushSubscriptionBody = PushSubscriptionRequest;

/** Which delivery channels this server has set up (email: SMTP; push: VAPID keys and the public key). */
export function getNotificationChannels(): Promise<NotificationChannels> {
  return http.get<NotificationChannels>('/api/notifications/channels');
}

/** 201 `{ endpoint }`; 400 `{ message }` when the server refuses the subscription (e.g. an unknown push service). */
export function savePushSubscription(body: PushSubscriptionBody): Promise<PushEndpointRef> {
  return http.post<PushEndpointRef>('/api/push/subscriptions', body);
}

export function deletePushSubscription(endpoint: string): Promise<void> {
  // The helper's `delete` sends no body; this route names the subscription in one.
  return apiRequest<void>('DELETE', '/api/push/subscriptions', { endpoint } satisfies PushEndpointRef);
}

/** The signed token of an email's unsubscribe link turns email off, with or without a session. */
export function unsubscribeEmail(token: string): Promise<UnsubscribeEmailResult> {
  return http.post<UnsubscribeEmailResult>('/api/notifications/unsubscribe', { token });
}
