import { readCursor, writeCursor } from './keyset-cursor.js';

describe('keyset cursors', () => {
  const shape = [{ pattern: /^name:asc$/ }, { pattern: /^/, nullable: true }, { pattern: /^\d+$/ }];

  it('reads back the keys it wrote, a missing one included', () => {
    expect(readCursor(writeCursor(['name:asc', 'café "crème"', '42']), shape, 'bad')).toEqual(['name:asc', 'café "crème"', '42']);
    expect(readCursor(writeCursor(['name:asc', null, '7']), shape, 'bad')).toEqual(['name:asc', null, '7']);
  });

  it('refuses anything else with the message: not base64 JSON, other keys, a null where none may be', () => {
    for (const cursor of [
      'not a cursor!',
      Buffer.from('{"a":1}').toString('base64url'),
      writeCursor(['name:desc', 'x', '1']),
      writeCursor(['name:asc', 'x']),
      writeCursor(['name:asc', 'x', '1', 'extra']),
      writeCursor(['name:asc', 'x', null]),
      writeCursor(['name:asc', 'x', '1; DROP TABLE items']),
      Buffer.from(JSON.stringify(['name:asc', 5, '1'])).toString('base64url'),
    ]) {
      expect(() => readCursor(cursor, shape, 'after is not a cursor')).toThrow('after is not a cursor');
    }
  });
});
