/*
 * Expiry dates on screen (docs/expiry.md). Days count in UTC, as the server's filters, report and
 * notifications do, so a card never says "expires today" while the filter says otherwise.
 */

import { TONE_TAG_STYLES } from '../../lib/tag-tones';

// LOT_MAX_LENGTH, DEFAULT_EXPIRY_WARNING_DAYS and MAX_EXPIRY_WARNING_DAYS of the contracts
// (inventory.ts), copied: the web imports only types from there. The server checks the same limits.
export const LOT_MAX_LENGTH = 100;
export const DEFAULT_EXPIRY_WARNING_DAYS = 7;
export const MAX_EXPIRY_WARNING_DAYS = 365;

export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Whole days from today to the date: 0 today, below 0 past. */
export const daysUntil = (date: string, today: string = utcToday()): number =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** 'Expires in 3 days', 'Expires today', 'Expired 2 days ago'. */
export function expiryLabel(daysLeft: number): string {
  if (daysLeft === 0) return 'Expires today';
  if (daysLeft === 1) return 'Expires tomorrow';
  if (daysLeft > 1) return `Expires in ${daysLeft} days`;
  if (daysLeft === -1) return 'Expired yesterday';
  return `Expired ${-daysLeft} days ago`;
}

export type ExpiryTone = 'expired' | 'soon' | 'later';

/** Past the date: expired; within the workspace's warning days: soon. */
export const expiryTone = (daysLeft: number, warningDays: number = DEFAULT_EXPIRY_WARNING_DAYS): ExpiryTone =>
  daysLeft < 0 ? 'expired' : daysLeft <= warningDays ? 'soon' : 'later';

/** Tag colours of the tones (AA-contrast shades); later dates keep the plain tag. */
export const EXPIRY_TAG_STYLES: Record<ExpiryTone, (typeof TONE_TAG_STYLES)[keyof typeof TONE_TAG_STYLES] | undefined> = {
  expired: TONE_TAG_STYLES.danger,
  soon: TONE_TAG_STYLES.warning,
  later: undefined,
};

export const EXPIRY_FILTER_OPTIONS = [
  { value: 'all', label: 'Any expiry' },
  { value: 'expiring', label: 'Expiring soon' },
  { value: 'expired', label: 'Expired' },
] as const;
