import { alertSeverity, needsReorder, stockStatus } from './stock-rules.js';

describe('stock rules (spec §4)', () => {
  it.each([
    [0, 0, 'out-of-stock'],
    [0, 5, 'out-of-stock'],
    [5, 5, 'low-stock'],
    [1, 5, 'low-stock'],
    [6, 5, 'in-stock'],
    [1, 0, 'in-stock'],
  ] as const)('stock %i with reorder level %i is %s', (stock, level, status) => {
    expect(stockStatus(stock, level)).toBe(status);
    expect(needsReorder(stock, level)).toBe(status !== 'in-stock');
  });

  it.each([
    [0, 10, 'critical'],
    [5, 10, 'critical'],
    [6, 10, 'low'],
    [10, 10, 'low'],
    [0, 0, 'critical'],
  ] as const)('an alert at stock %i, reorder level %i, is %s', (stock, level, severity) => {
    expect(alertSeverity(stock, level)).toBe(severity);
  });
});
