import type { CountStatus, CountSummary } from '../../api/counts';

/** What a count covers: its place (or the stock kept at no place) and its category, if any. */
export function scopeLabel(count: Pick<CountSummary, 'location' | 'category'>): string {
  const place = count.location ? count.location.name || 'Deleted location' : 'No place';
  return count.category ? `${place} · ${count.category.name || 'Deleted category'}` : place;
}

export const COUNT_STATUS_LABELS: Record<CountStatus, string> = { open: 'Open', applied: 'Applied', cancelled: 'Cancelled' };
export const COUNT_STATUS_COLORS: Record<CountStatus, string> = { open: 'processing', applied: 'success', cancelled: 'default' };

/** A signed variance: +3, -2, 0. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const when = (iso: string) => dateTime.format(new Date(iso));
