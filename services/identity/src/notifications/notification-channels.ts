import type { NotificationChannels } from '@inventory/contracts';
import type { IdentityEnv } from '../config/env.js';

/** Which channels this deployment can deliver on: SMTP and VAPID keys are optional settings. */
export function notificationChannels(env: IdentityEnv): NotificationChannels {
  const push = Boolean(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY);
  return { email: Boolean(env.SMTP_URL), push, pushPublicKey: push ? env.VAPID_PUBLIC_KEY! : null };
}
