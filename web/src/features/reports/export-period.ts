import type { ReportQuery, ReportRange } from '../../api/reports';

const DAY_MS = 86_400_000;

/** A preset range's days, counted as the reporting service counts them: today (UTC) and the days before. */
const PRESET_DAYS: Record<Exclude<ReportRange, 'custom'>, number> = { '7days': 7, '30days': 30, '90days': 90 };

/** The days of the report's period, for the movement export: a preset runs up to now, a custom range is its own days. */
export function exportDays(query: Pick<ReportQuery, 'range' | 'from' | 'to'>, now = new Date()): { from?: string; to?: string } {
  const range = query.range ?? '30days';
  if (range === 'custom') return { from: query.from, to: query.to };
  return { from: new Date(now.getTime() - (PRESET_DAYS[range] - 1) * DAY_MS).toISOString().slice(0, 10) };
}
