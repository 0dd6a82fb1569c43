import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * An email's unsubscribe link carries "<user id, base64url>.<HMAC-SHA256>": it turns that user's
 * email notifications off without signing in, and nothing else. It does not expire — an old
 * email's link must still work (docs/notifications.md).
 */

const PURPOSE = 'unsubscribe-email';
const mac = (userId: string, secret: string) => createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');

export function unsubscribeToken(userId: string, secret: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(userId, secret)}`;
}

/** The user the token was made for, or null when it was not made with this secret. */
export function userOfUnsubscribeToken(token: string, secret: string): string | null {
  const [encodedUser, signature, ...rest] = token.split('.');
  if (!encodedUser || !signature || rest.length > 0) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(userId, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
