import { FAR_FROM_THE_START, fromTheEnd } from './nearer-end.js';

describe('fromTheEnd', () => {
  const total = 10_000;

  it('reads a page near the start, or in the front half, as asked', () => {
    expect(fromTheEnd(0, 100, 50)).toBeNull();
    expect(fromTheEnd(FAR_FROM_THE_START - 100, 100, 1_200)).toBeNull();
    expect(fromTheEnd(4_900, 100, total)).toBeNull();
  });

  it('reads a page of the back half from the end, at the mirrored offset', () => {
    // Rows 9,900–9,999 are the first 100 of the reversed order; rows 5,000–5,099 are 4,900–4,999 of it.
    expect(fromTheEnd(9_900, 100, total)).toEqual({ offset: 0, limit: 100 });
    expect(fromTheEnd(5_000, 100, total)).toEqual({ offset: 4_900, limit: 100 });
  });

  it('reads only the rows there are on a last page cut short, and none past the end', () => {
    expect(fromTheEnd(9_950, 100, total)).toEqual({ offset: 0, limit: 50 });
    expect(fromTheEnd(total, 100, total)).toEqual({ offset: 0, limit: 0 });
    expect(fromTheEnd(total + 500, 100, total)).toEqual({ offset: 0, limit: 0 });
  });
});
