import { describe, expect, it } from '@jest/globals';
import { parseScannedCode } from './codes';

describe('parseScannedCode', () => {
  it('reads an item label URL as the item short code', () => {
    expect(parseScannedCode('https://stock.example.com/i/7K2M9QX4TB')).toEqual({ kind: 'item', code: '7K2M9QX4TB' });
  });

  it('reads a location label URL under any host as the location short code', () => {
    expect(parseScannedCode('http://192.168.1.20:3000/l/7k2m-9qx4-tb')).toEqual({ kind: 'location', code: '7k2m-9qx4-tb' });
  });

  it('takes a product barcode as it is, trimmed', () => {
    expect(parseScannedCode(' 4006381333931\n')).toEqual({ kind: 'barcode', code: '4006381333931' });
  });

  it('takes other URLs (a supplier link, a query string) as plain codes', () => {
    expect(parseScannedCode('https://example.com/products/1')).toEqual({ kind: 'barcode', code: 'https://example.com/products/1' });
    expect(parseScannedCode('https://example.com/i/ABC?x=1')).toEqual({ kind: 'barcode', code: 'https://example.com/i/ABC?x=1' });
  });

  it('ignores blank reads', () => {
    expect(parseScannedCode('   ')).toBeNull();
  });
});
