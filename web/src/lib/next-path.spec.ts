import { describe, expect, it } from '@jest/globals';
import { safeNextPath, withNext } from './next-path';

describe('the path to return to after signing in', () => {
  it.each(['/invite/abc123', '/inventory?search=drill', '/'])('accepts the same-site path %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    ['another host', '//evil.example/path'],
    ['a backslash host', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'invite/abc'],
    ['a line break', '/invite/\nabc'],
    ['nothing', ''],
  ])('refuses %s', (_what, path) => {
    expect(safeNextPath(path)).toBeUndefined();
  });

  it('refuses a missing value', () => {
    expect(safeNextPath(null)).toBeUndefined();
  });

  it('carries the path along in a link, encoded', () => {
    expect(withNext('/login', '/invite/a b')).toBe('/login?next=%2Finvite%2Fa%20b');
    expect(withNext('/login', undefined)).toBe('/login');
  });
});
