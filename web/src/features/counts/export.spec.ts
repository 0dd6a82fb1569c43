import { describe, expect, it } from '@jest/globals';
import type { CountLineView, CountView } from '../../api/counts';
import { countCsv } from './export';

const line = (over: Partial<CountLineView>): CountLineView => ({
  itemId: 'i',
  name: 'Widget',
  sku: null,
  unitPrice: '2.50',
  expected: 10,
  counted: 7,
  variance: -3,
  varianceValue: '-7.50',
  currentQuantity: 10,
  changedSinceCounted: false,
  countedBy: { id: 'u', name: 'Sam' },
  countedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const view = (lines: CountLineView[]) => ({ lines }) as CountView;

describe('the count report CSV', () => {
  it('lists the counted items with exact amounts; items not counted are left out', () => {
    const csv = countCsv(
      view([line({ name: 'Widget, "large"', sku: 'W-1' }), line({ name: 'Gadget', counted: null, variance: null, varianceValue: null })]),
    );
    expect(csv.split('\n')).toEqual([
      'Item Name,SKU,Expected,Counted,Variance,Unit Price,Variance Value,Counted By',
      '"Widget, ""large""","W-1",10,7,-3,2.50,-7.50,"Sam"',
    ]);
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(countCsv(view([line({ name: '=HYPERLINK("x")', sku: '+1' })])).split('\n')[1]).toBe(
      `"'=HYPERLINK(""x"")","'+1",10,7,-3,2.50,-7.50,"Sam"`,
    );
  });
});
