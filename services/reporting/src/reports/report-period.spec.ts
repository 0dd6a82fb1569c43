import { ReportMessages } from '@inventory/contracts';
import { parseInstant, periodDays, resolvePeriod, snapshotInstant } from './report-period.js';

const now = new Date('2025-03-10T15:30:00.000Z');
const iso = (d: Date | null) => d?.toISOString();

describe('resolvePeriod', () => {
  it('covers the last 30 UTC days up to now by default', () => {
    const period = resolvePeriod({}, now);
    expect(iso(period.start)).toBe('2025-02-09T00:00:00.000Z');
    expect(period.end).toBe(now);
  });

  it.each([
    ['7days', '2025-03-04T00:00:00.000Z'],
    ['90days', '2024-12-11T00:00:00.000Z'],
  ] as const)('starts %s at the beginning of the first day', (range, start) => {
    expect(iso(resolvePeriod({ range }, now).start)).toBe(start);
  });

  it('runs a custom range from the start of its first day to the end of its last', () => {
    const period = resolvePeriod({ range: 'custom', from: '2025-01-01', to: '2025-01-31' }, now);
    expect(iso(period.start)).toBe('2025-01-01T00:00:00.000Z');
    expect(iso(period.end)).toBe('2025-01-31T23:59:59.999Z');
  });

  it('takes exact instants, reading one without an offset as UTC', () => {
    const period = resolvePeriod({ range: 'custom', from: '2025-01-01T08:00', to: '2025-01-01T10:00:00+02:00' }, now);
    expect(iso(period.start)).toBe('2025-01-01T08:00:00.000Z');
    expect(iso(period.end)).toBe('2025-01-01T08:00:00.000Z');
  });

  it('accepts a custom range of one day', () => {
    expect(() => resolvePeriod({ range: 'custom', from: '2025-01-05', to: '2025-01-05' }, now)).not.toThrow();
  });

  it.each([
    [{ range: 'custom', from: '2025-01-31', to: '2025-01-01' }, ReportMessages.fromAfterTo],
    [{ range: 'custom', from: '2025-01-01' }, ReportMessages.customNeedsDates],
    [{ range: 'custom', to: '2025-01-01' }, ReportMessages.customNeedsDates],
    [{ range: '7days', from: '2025-01-01' }, ReportMessages.datesNeedCustom],
    [{ range: 'custom', from: '2025-02-30', to: '2025-03-01' }, ReportMessages.dateInvalid('from')],
    [{ range: 'custom', from: '2025-02-01', to: '2025-02-01T25:00Z' }, ReportMessages.dateInvalid('to')],
  ] as const)('rejects %j', (query, message) => {
    expect(() => resolvePeriod(query, now)).toThrow(message);
  });
});

describe('snapshotInstant', () => {
  const period = resolvePeriod({}, now);

  it('is now (null) for a preset range without asOf', () => {
    expect(snapshotInstant({ type: 'inventory', range: '30days' }, period)).toBeNull();
  });

  it('is asOf when given; a day alone means its end', () => {
    expect(iso(snapshotInstant({ asOf: '2025-02-01T12:00:00Z' }, period))).toBe('2025-02-01T12:00:00.000Z');
    expect(iso(snapshotInstant({ asOf: '2025-02-01' }, period))).toBe('2025-02-01T23:59:59.999Z');
  });

  it('is the end of a custom range', () => {
    const custom = { range: 'custom', from: '2025-01-01', to: '2025-01-31' } as const;
    expect(iso(snapshotInstant(custom, resolvePeriod(custom, now)))).toBe('2025-01-31T23:59:59.999Z');
  });

  it('refuses asOf on the movement report', () => {
    expect(() => snapshotInstant({ type: 'movement', asOf: '2025-02-01' }, period)).toThrow(ReportMessages.asOfNotForMovement);
  });
});

describe('periodDays', () => {
  it('lists the days of a preset up to today', () => {
    expect(periodDays(resolvePeriod({ range: '7days' }, now), now)).toEqual({
      firstDay: '2025-03-04',
      lastDay: '2025-03-10',
      through: now,
    });
  });

  it('stops a custom range that reaches into the future at now', () => {
    const days = periodDays(resolvePeriod({ range: 'custom', from: '2025-03-01', to: '2025-12-31' }, now), now);
    expect(days).toEqual({ firstDay: '2025-03-01', lastDay: '2025-03-10', through: now });
  });

  it('refuses more days than a chart can take', () => {
    const period = resolvePeriod({ range: 'custom', from: '2023-01-01', to: '2025-01-01' }, now);
    expect(() => periodDays(period, now)).toThrow(ReportMessages.historyTooLong);
  });
});

describe('parseInstant', () => {
  it('reads a day as its first or its last millisecond', () => {
    expect(iso(parseInstant('2024-02-29', 'from', 'start'))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(parseInstant('2024-02-29', 'to', 'end'))).toBe('2024-02-29T23:59:59.999Z');
  });
});
