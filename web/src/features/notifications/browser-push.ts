import type { PushSubscriptionBody } from '../../api/notifications';

/**
 * This browser's side of notifications: the service worker (public/sw.js), the notification
 * permission and the push subscription. No React here; hooks.ts wires it to the server.
 */

const SERVICE_WORKER_URL = '/sw.js';
const ICON_URL = '/notification-icon.png';
/**
 * A browser subscribes through its vendor's push service. Offline, or with that service blocked,
 * Chromium's subscribe() neither resolves nor fails; past this the attempt counts as failed.
 */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** Whether this page can show notifications at all: workers and notifications need a secure context. */
export type NotificationSupport = 'ready' | 'insecure' | 'unsupported';

export function notificationSupport(): NotificationSupport {
  if (typeof window === 'undefined') return 'unsupported';
  // Plain http (other than localhost) hides service workers altogether: say why, not just "unsupported".
  if (!window.isSecureContext) return 'insecure';
  return 'Notification' in window && 'serviceWorker' in navigator ? 'ready' : 'unsupported';
}

/** The site's notification permission; null where notifications are not available. */
export function notificationPermission(): NotificationPermission | null {
  return notificationSupport() === 'ready' ? Notification.permission : null;
}

/** Some browsers show notifications but have no Web Push (e.g. Safari on iOS outside a home-screen app). */
export const hasPushManager = () => typeof window !== 'undefined' && 'PushManager' in window;

/** A push step that failed, with a sentence for the user. */
export class PushSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushSetupError';
  }
}

/** The app's worker registration, registering it first if needed (also without a user gesture). */
export async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}

/** The worker registration if this browser already has one; never registers. */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (notificationSupport() !== 'ready') return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/** This browser's current push subscription endpoint, or null. */
export async function currentPushEndpoint(): Promise<string | null> {
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  return subscription?.endpoint ?? null;
}

/**
 * A push subscription for the server's VAPID key: the existing one when it was made for that key,
 * else a new one. Throws PushSetupError with what went wrong.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionBody> {
  if (!hasPushManager()) throw new PushSetupError('this browser does not support push messages.');
  const registration = await serviceWorker();
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (the server's keys changed) cannot be reused.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await withTimeout(
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
        SUBSCRIBE_TIMEOUT_MS,
      );
    } catch (error) {
      if (error instanceof PushSetupError) throw error;
      const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
      throw new PushSetupError(`this browser could not subscribe to push messages${detail}.`);
    }
  }
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushSetupError('this browser gave an incomplete push subscription.');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Ends this browser's push subscription; returns its endpoint (for the server to forget), or null. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

export interface AppNotification {
  title: string;
  body: string;
  /** A path of this app the click opens. */
  url: string;
  /** Notifications with one tag replace each other (an open tab's and the Web Push for one alert). */
  tag: string;
}

/** Shows a notification through the worker, as a Web Push would. */
export async function showAppNotification({ title, body, url, tag }: AppNotification): Promise<void> {
  const registration = await serviceWorker();
  await registration.showNotification(title, { body, tag, icon: ICON_URL, data: { url } });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new PushSetupError("this browser's push service did not answer (it may be offline or blocked here).")),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer) return false;
  const other = new Uint8Array(buffer);
  return other.length === bytes.length && other.every((byte, index) => byte === bytes[index]);
}
