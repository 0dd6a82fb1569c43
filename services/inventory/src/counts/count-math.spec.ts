import type { CountLineView } from '@inventory/contracts';
import { centsText, toCents, totalsOf, varianceOf, varianceValue } from './count-math.js';

const line = (counted: number | null, expected: number, unitPrice: string): CountLineView => ({
  itemId: 'i',
  name: 'n',
  sku: null,
  unitPrice,
  expected,
  counted,
  ...varianceOf(counted, expected, unitPrice),
  currentQuantity: expected,
  changedSinceCounted: false,
  countedBy: null,
  countedAt: null,
});

describe('count math', () => {
  it('reads and writes decimal amounts exactly', () => {
    expect(toCents('19.99')).toBe(1999n);
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('5')).toBe(500n);
    expect(centsText(-5n)).toBe('-0.05');
    expect(centsText(12345678901234n)).toBe('123456789012.34');
  });

  it('values a variance without float error', () => {
    // 0.1 + 0.2 style traps: 3 × 0.10 is exactly 0.30, -3 × 33.33 is -99.99
    expect(varianceValue(3, '0.10')).toBe('0.30');
    expect(varianceValue(-3, '33.33')).toBe('-99.99');
    expect(varianceValue(0, '9.99')).toBe('0.00');
    expect(varianceValue(1_000_000_000, '99999999.99')).toBe('99999999990000000.00');
  });

  it('leaves an uncounted line without a variance', () => {
    expect(varianceOf(null, 4, '1.00')).toEqual({ variance: null, varianceValue: null });
    expect(varianceOf(2, 5, '1.25')).toEqual({ variance: -3, varianceValue: '-3.75' });
  });

  it('totals counted lines only, surplus and shortage apart', () => {
    const totals = totalsOf([line(12, 10, '2.50'), line(7, 10, '1.99'), line(5, 5, '3.00'), line(null, 8, '4.00')]);
    expect(totals).toEqual({
      items: 4,
      counted: 3,
      withVariance: 2,
      netVariance: -1,
      varianceValue: '-0.97',
      surplusValue: '5.00',
      shortageValue: '5.97',
    });
  });
});
