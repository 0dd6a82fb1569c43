import { writeCursor } from '@inventory/platform';
import { keyOf, pageOf, type PageKey } from './export-pages.js';

const POSITION = /^\d+$/;
const found = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ time: `2025-01-01T00:00:00.00000${i % 10}Z`, tiebreak: `${i + 1}` }));
const key = (row: PageKey) => row;

describe('an export page', () => {
  it('continues after its last row when it is full', () => {
    const rows = found(3);
    expect(pageOf(rows, ['a', 'b', 'c'], 3, key)).toEqual({
      rows: ['a', 'b', 'c'],
      next: writeCursor(['2025-01-01T00:00:00.000002Z', '3']),
    });
  });

  it('is the last when it holds fewer rows than asked for', () => {
    expect(pageOf(found(2), ['a', 'b'], 3, key)).toEqual({ rows: ['a', 'b'], next: null });
    expect(pageOf([], [], 3, key)).toEqual({ rows: [], next: null });
  });

  it('ends before the rows that would not fit one NATS message, and goes on from there', () => {
    const big = 'x'.repeat(40);
    const page = pageOf(found(5), [big, big, big, big, big], 5, key, 100);
    expect(page).toEqual({ rows: [big, big], next: writeCursor(['2025-01-01T00:00:00.000001Z', '2']) });
  });

  it('holds at least one row, however large', () => {
    expect(pageOf(found(2), ['x'.repeat(500), 'y'], 2, key, 100)).toEqual({
      rows: ['x'.repeat(500)],
      next: writeCursor(['2025-01-01T00:00:00.000000Z', '1']),
    });
  });
});

describe('an export cursor', () => {
  it('reads back what a page wrote', () => {
    const { next } = pageOf(found(3), ['a', 'b', 'c'], 3, key);
    expect(keyOf(next!, POSITION)).toEqual({ time: '2025-01-01T00:00:00.000002Z', tiebreak: '3' });
  });

  it.each([
    '',
    '2025-01-01T00:00:00.000002Z|3',
    writeCursor(['2025-01-01', '3']),
    writeCursor(['2025-01-01T00:00:00.000002Z', 'x']),
    writeCursor(['2025-01-01T00:00:00.000002Z', '3', '4']),
    writeCursor(['2025-01-01T00:00:00.000002Z', "3'; --"]),
  ])('refuses %j', (cursor) => {
    expect(() => keyOf(cursor, POSITION)).toThrow('The export cursor is not valid');
  });
});
