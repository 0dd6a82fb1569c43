import { describe, expect, it } from '@jest/globals';
import { nextCursorOf } from './inventory';

describe('nextCursorOf', () => {
  it("reads the cursor of a Link header's next page", () => {
    expect(nextCursorOf('</api/inventory?sort=name&limit=2&offset=2&after=WyJuYW1lOmFzYyJd>; rel="next"')).toBe('WyJuYW1lOmFzYyJd');
    expect(nextCursorOf('</a?after=x>; rel="prev", </a?after=y>; rel="next"')).toBe('y');
  });

  it('has none without a header, without rel="next" or without a cursor in it', () => {
    expect(nextCursorOf(null)).toBeNull();
    expect(nextCursorOf('</api/inventory?after=x>; rel="prev"')).toBeNull();
    expect(nextCursorOf('</api/inventory?offset=2>; rel="next"')).toBeNull();
  });
});
