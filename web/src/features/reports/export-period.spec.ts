import { describe, expect, it } from '@jest/globals';
import { exportDays } from './export-period';

describe('the days of the movement export', () => {
  const now = new Date('2025-03-10T01:30:00Z');

  it('counts a preset range as today and the days before it, in UTC, up to now', () => {
    expect(exportDays({ range: '7days' }, now)).toEqual({ from: '2025-03-04' });
    expect(exportDays({ range: '90days' }, now)).toEqual({ from: '2024-12-11' });
    expect(exportDays({}, now)).toEqual({ from: '2025-02-09' });
  });

  it('takes a custom range as its own days', () => {
    expect(exportDays({ range: 'custom', from: '2025-01-01', to: '2025-01-31' }, now)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
  });
});
