import { describe, expect, it } from '@jest/globals';
import { NOT_IMPORTED, fromFormValues, initialMapping, rowsToImport, sampleValues, toFormValues } from './mapping';

const upload = {
  columns: ['Item', 'Code', 'Qty', 'Notes'],
  sampleRows: [
    ['Drill', 'D-1', '10', ''],
    ['Saw', 'S-1', '10', ' '],
    ['Drill', 'D-2', '4', 'spare'],
    ['Hammer', 'H-1', '', ''],
    ['Level', 'L-1'],
  ],
};

describe('the column mapping', () => {
  it('starts from the suggestion, without columns the file does not have', () => {
    expect(
      initialMapping({
        ...upload,
        suggestedMapping: { name: 'Item', sku: 'Code', quantity: 'Qty', unitPrice: 'Price', description: null },
      }),
    ).toEqual({
      name: 'Item',
      sku: 'Code',
      quantity: 'Qty',
    });
  });

  it('shows every field in the form, the unmapped ones as not imported', () => {
    expect(toFormValues({ name: 'Item', quantity: 'Qty' })).toEqual({
      name: 'Item',
      sku: NOT_IMPORTED,
      description: NOT_IMPORTED,
      category: NOT_IMPORTED,
      location: NOT_IMPORTED,
      quantity: 'Qty',
      unitPrice: NOT_IMPORTED,
      reorderLevel: NOT_IMPORTED,
      barcodes: NOT_IMPORTED,
    });
  });

  it('sends only the fields given a column', () => {
    expect(fromFormValues({ ...toFormValues({}), name: 'Item', sku: 'Code' })).toEqual({ name: 'Item', sku: 'Code' });
    expect(fromFormValues(toFormValues({ name: 'Item', quantity: 'Qty' }))).toEqual({ name: 'Item', quantity: 'Qty' });
  });

  it('shows a column by its first distinct, non-blank sample values', () => {
    expect(sampleValues(upload, 'Item')).toEqual(['Drill', 'Saw', 'Hammer']);
    expect(sampleValues(upload, 'Qty', 5)).toEqual(['10', '4']);
    expect(sampleValues(upload, 'Notes')).toEqual(['spare']);
    expect(sampleValues(upload, 'Price')).toEqual([]);
  });

  it('counts the rows a run would write', () => {
    expect(rowsToImport({ toCreate: 980, toUpdate: 12 })).toBe(992);
  });
});
