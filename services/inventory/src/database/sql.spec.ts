import { isoTime } from './sql.js';

describe('isoTime', () => {
  it.each([
    '2026-11-21 19:27:08.824+00',
    '2026-11-21 19:27:08+00',
    '2026-11-21 19:27:08.5+00',
    '2026-11-21 19:27:08.123456+00',
    '1999-12-31 23:59:59.999999+00',
  ])('writes %s exactly as Date#toISOString does', (text) =>
    expect(isoTime(text)).toBe(new Date(text.replace(' ', 'T').replace('+00', 'Z')).toISOString()),
  );

  it('parses other forms: another offset, a Date', () => {
    expect(isoTime('2026-11-21 20:27:08.824+01')).toBe('2026-11-21T19:27:08.824Z');
    expect(isoTime(new Date(Date.UTC(2026, 10, 21, 19, 27, 8, 824)))).toBe('2026-11-21T19:27:08.824Z');
  });
});
