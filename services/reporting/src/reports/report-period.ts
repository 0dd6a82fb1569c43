import {
  REPORT_DEFAULTS,
  ReportMessages,
  reportInstant,
  VALUE_HISTORY_MAX_DAYS,
  type InventoryReportQuery,
  type ReportPeriodQuery,
} from '@inventory/contracts';
import { invalid } from '@inventory/platform';

const DAY_MS = 86_400_000;
const PRESET_DAYS = { '7days': 7, '30days': 30, '90days': 90 } as const;

/** A window of time, both ends included. */
export interface ReportPeriod {
  start: Date;
  end: Date;
}

/**
 * The window a range names, in whole UTC days: a preset is today and the days before it, up to
 * `now`; a custom range runs from the start of `from` to the end of `to` (or the exact instants).
 */
export function resolvePeriod(query: ReportPeriodQuery, now: Date): ReportPeriod {
  const range = query.range ?? REPORT_DEFAULTS.range;
  if (range !== 'custom') {
    if (query.from !== undefined || query.to !== undefined) throw invalid(ReportMessages.datesNeedCustom);
    return { start: new Date(startOfUtcDay(now) - (PRESET_DAYS[range] - 1) * DAY_MS), end: now };
  }
  if (query.from === undefined || query.to === undefined) throw invalid(ReportMessages.customNeedsDates);
  const start = parseInstant(query.from, 'from', 'start');
  const end = parseInstant(query.to, 'to', 'end');
  if (start > end) throw invalid(ReportMessages.fromAfterTo);
  return { start, end };
}

/**
 * The instant a snapshot report (inventory, low-stock, value) shows: asOf if given, else the end of
 * a custom range; null means "now", read from the current state.
 */
export function snapshotInstant(query: InventoryReportQuery, period: ReportPeriod): Date | null {
  if (query.asOf !== undefined) {
    if (query.type === 'movement') throw invalid(ReportMessages.asOfNotForMovement);
    return parseInstant(query.asOf, 'asOf', 'end');
  }
  return query.range === 'custom' ? period.end : null;
}

/** The UTC days a daily series covers: from the first day of the period to its last one already begun. */
export function periodDays(period: ReportPeriod, now: Date): { firstDay: string; lastDay: string; through: Date } {
  const through = period.end < now ? period.end : now;
  const first = startOfUtcDay(period.start);
  const last = startOfUtcDay(through);
  if ((last - first) / DAY_MS + 1 > VALUE_HISTORY_MAX_DAYS) throw invalid(ReportMessages.historyTooLong);
  return { firstDay: isoDay(first), lastDay: isoDay(last), through };
}

/** A day (its first or last millisecond, as `edge` says) or an exact date-time; no offset means UTC. */
export function parseInstant(text: string, field: 'from' | 'to' | 'asOf', edge: 'start' | 'end'): Date {
  const instant = reportInstant(text, edge);
  if (!instant) throw invalid(ReportMessages.dateInvalid(field));
  return instant;
}

const startOfUtcDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
/** A UTC day as YYYY-MM-DD ('' for an invalid time). */
export const isoDay = (ms: number | Date) => (Number.isNaN(Number(ms)) ? '' : new Date(ms).toISOString().slice(0, 10));
