import { normalizeShortCode, shortCodeOf, spacedShortCode } from './short-code.js';

describe('short codes', () => {
  it('are ten characters of Crockford base32, the same for the same id and different for others', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const codes = ids.map(shortCodeOf);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(codes).size).toBe(ids.length);
    expect(shortCodeOf(ids[7])).toBe(codes[7]);
  });

  it('read back as typed: lower case, dashes, spaces and look-alike letters', () => {
    const code = shortCodeOf('5b0a7c1e-2f52-4d8e-9a41-0c5d1e2f3a4b');
    expect(normalizeShortCode(code)).toBe(code);
    expect(normalizeShortCode(` ${spacedShortCode(code).toLowerCase()} `)).toBe(code);
    expect(normalizeShortCode('O0IL1-abcde')).toBe('00111ABCDE');
  });

  it('refuse what cannot be a short code', () => {
    for (const text of ['', 'ABC', '4006381333931', 'UUUUUUUUUU', 'ABCDE-FGHJK-M']) expect(normalizeShortCode(text)).toBeNull();
  });
});
