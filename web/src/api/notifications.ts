import { answer, api, type Schemas } from './client';

export type NotificationChannels = Schemas['NotificationChannelsDto'];
/** A browser's push subscription as the server stores it: `PushSubscription.toJSON()` without expirationTime. */
export type PushSubscriptionBody = Schemas['PushSubscriptionBody'];

/** Which delivery channels this server has set up (email: SMTP; push: VAPID keys and the public key). */
export function getNotificationChannels(): Promise<NotificationChannels> {
  return answer(api.GET('/api/notifications/channels'));
}

/** 201 `{ endpoint }`; 400 `{ message }` when the server refuses the subscription (e.g. an unknown push service). */
export function savePushSubscription(body: PushSubscriptionBody): Promise<Schemas['PushEndpointDto']> {
  return answer(api.POST('/api/push/subscriptions', { body }));
}

/** This route names the subscription in the DELETE's body. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await answer(api.DELETE('/api/push/subscriptions', { body: { endpoint } }));
}

/** The signed token of an email's unsubscribe link turns email off, with or without a session. */
export function unsubscribeEmail(token: string): Promise<Schemas['UnsubscribeResultDto']> {
  return answer(api.POST('/api/notifications/unsubscribe', { body: { token } }));
}
