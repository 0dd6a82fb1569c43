import { describe, expect, it } from '@jest/globals';
import { lowStockNotification, parseLowStockAlert } from './low-stock-notification';

const alert = { id: 'a1', itemId: 'i1', item: { id: 'i1', name: 'Printer paper', currentStock: 2, reorderLevel: 5 } };

describe('lowStockNotification', () => {
  it('names the item, its stock and its reorder level, and links to the item', () => {
    expect(lowStockNotification(alert, 'Main office')).toEqual({
      title: 'Low stock: Printer paper',
      body: '2 left, reorder level 5 · Main office',
      url: '/inventory?item=i1',
      tag: 'low-stock-a1',
    });
  });

  it('says out of stock at zero', () => {
    expect(lowStockNotification({ ...alert, item: { ...alert.item, currentStock: 0 } }, 'Home').body).toBe(
      'Out of stock (reorder level 5) · Home',
    );
  });

  it('escapes the item id in the link', () => {
    expect(lowStockNotification({ ...alert, itemId: 'a&b' }, 'Home').url).toBe('/inventory?item=a%26b');
  });
});

describe('parseLowStockAlert', () => {
  it('reads the stream event data', () => {
    expect(parseLowStockAlert(JSON.stringify({ ...alert, severity: 'low' }))).toEqual(alert);
  });

  it('ignores data that is not an alert', () => {
    expect(parseLowStockAlert('not json')).toBeNull();
    expect(parseLowStockAlert(JSON.stringify({ id: 'a1' }))).toBeNull();
    expect(parseLowStockAlert(undefined)).toBeNull();
  });
});
