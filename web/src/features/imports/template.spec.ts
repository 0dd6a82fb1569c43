import { describe, expect, it } from '@jest/globals';
import { templateCsv, templateHref } from './template';

describe('the import template', () => {
  it('has our export’s columns and two example items, quoted where needed', () => {
    expect(templateCsv().split('\r\n')).toEqual([
      'Name,SKU,Description,Category,Location,Quantity,Unit price,Reorder level,Barcodes',
      'Cordless Drill,DRL-001,"18V, two batteries",Power Tools,Main warehouse,10,89.99,5,4006381333931',
      'Safety Gloves,GLV-010,"Nitrile, size L",Safety,Shelf B,200,4.50,50,',
      '',
    ]);
  });

  it('downloads as a CSV link made in the browser', () => {
    const href = templateHref();
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf(',') + 1))).toBe(templateCsv());
  });
});
