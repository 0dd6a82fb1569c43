import { describe, expect, it } from '@jest/globals';
import { ALERT_NEWS_MS, AlertNews, lowStockNotification, parseLowStockAlert } from './low-stock-notification';

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

describe('AlertNews', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const raised = (id: string, minutesAgo: number) => ({ ...alert, id, createdAt: new Date(now - minutesAgo * 60_000).toISOString() });

  it('tells nothing from a workspace’s first list, then what a later list adds', () => {
    const news = new AlertNews();
    expect(news.fromList('w1', [raised('a1', 1)], now)).toEqual([]);
    expect(news.fromList('w1', [raised('a2', 0), raised('a1', 1)], now).map((a) => a.id)).toEqual(['a2']);
    // Each is told once.
    expect(news.fromList('w1', [raised('a2', 0), raised('a1', 1)], now)).toEqual([]);
  });

  it('tells an alert once whether the stream or a list brings it first', () => {
    const news = new AlertNews();
    news.fromList('w1', [], now);
    expect(news.fromStream('w1', raised('a1', 0))).toBe(true);
    expect(news.fromList('w1', [raised('a1', 0)], now)).toEqual([]);
    expect(news.fromList('w1', [raised('a2', 0)], now)).toHaveLength(1);
    expect(news.fromStream('w1', raised('a2', 0))).toBe(false);
  });

  it('keeps the stream’s alerts out of the news when the first list comes after them', () => {
    const news = new AlertNews();
    expect(news.fromStream('w1', raised('a1', 0))).toBe(true);
    expect(news.fromList('w1', [raised('a1', 0), raised('a0', 5)], now)).toEqual([]);
  });

  it('does not tell an alert raised longer ago than ALERT_NEWS_MS, and keeps workspaces apart', () => {
    const news = new AlertNews();
    news.fromList('w1', [], now);
    expect(news.fromList('w1', [raised('old', ALERT_NEWS_MS / 60_000 + 1)], now)).toEqual([]);
    expect(news.fromList('w2', [raised('a1', 0)], now)).toEqual([]);
    expect(news.fromList('w1', [raised('a1', 0)], now)).toHaveLength(1);
  });
});
