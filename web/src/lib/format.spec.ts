import { describe, expect, it } from '@jest/globals';
import { formatCount, formatCountOf, formatCurrency, formatItemCount, isoDay, STOCK_STATUS_LABELS } from './format';

describe('stock status labels', () => {
  it('labels each status as the badges show it', () => {
    expect(STOCK_STATUS_LABELS).toEqual({ 'in-stock': 'In Stock', 'low-stock': 'Low Stock', 'out-of-stock': 'Out of Stock' });
  });
});

describe('money and days', () => {
  it('shows US dollars in en-US format, from numbers and decimal strings', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency('19.99')).toBe('$19.99');
    expect(formatCurrency('not a number')).toBe('$0.00');
  });

  it('names a local day YYYY-MM-DD for file names', () => {
    expect(isoDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('counts', () => {
  it('are whole numbers with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(200_000)).toBe('200,000');
  });

  it('of items say when they are a lower bound', () => {
    expect([formatItemCount(1), formatItemCount(0), formatItemCount(1200)]).toEqual(['1 item', '0 items', '1,200 items']);
    expect(formatItemCount(1001, true)).toBe('1,001+ items');
    expect([formatCountOf(1, 'category', 'categories'), formatCountOf(2048, 'category', 'categories')]).toEqual([
      '1 category',
      '2,048 categories',
    ]);
  });
});
