import { describe, expect, it } from '@jest/globals';
import type { ReportRow } from '../../api/reports';
import { reportCsv } from './export';

const row = (over: Partial<ReportRow>): ReportRow => ({
  id: 'i1',
  name: 'Widget',
  sku: null,
  category: null,
  currentStock: 10,
  reorderLevel: 2,
  unitPrice: '12.5',
  totalValue: 125,
  status: 'in-stock',
  ...over,
});

describe('the report CSV (SPEC 9)', () => {
  it('has the fixed columns, quotes names and SKUs, and labels the status the API sent', () => {
    const csv = reportCsv([
      row({ name: 'Widget, "large"', sku: 'W-1' }),
      row({ name: 'Gadget', currentStock: 1, reorderLevel: 5, totalValue: 12.5, status: 'low-stock' }),
    ]);
    expect(csv!.split('\n')).toEqual([
      'Item Name,SKU,Current Stock,Reorder Level,Unit Price,Total Value,Status',
      '"Widget, ""large""","W-1",10,2,12.50,125.00,In Stock',
      '"Gadget",,1,5,12.50,12.50,Low Stock',
    ]);
  });

  it('is nothing for an empty report or an answer that is not a list', () => {
    expect(reportCsv([])).toBeNull();
    expect(reportCsv({ rows: [] })).toBeNull();
    expect(reportCsv(undefined)).toBeNull();
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    const csv = reportCsv([row({ name: '=HYPERLINK("http://x")', sku: '+1' }), row({ name: '@SUM(A1)', sku: '-2' })]);
    expect(csv!.split('\n').slice(1)).toEqual([
      `"'=HYPERLINK(""http://x"")","'+1",10,2,12.50,125.00,In Stock`,
      `"'@SUM(A1)","'-2",10,2,12.50,125.00,In Stock`,
    ]);
  });
});
