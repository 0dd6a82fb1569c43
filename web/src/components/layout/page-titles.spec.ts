import { describe, expect, it } from '@jest/globals';
import { pageTitle } from './page-titles';

describe('the top bar title', () => {
  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/inventory/', 'Inventory Management'],
    ['/reports', 'Reports & Analytics'],
    ['/workspace', 'Workspace Settings'],
    ['/logout', 'Sign Out'],
    ['/no-such-page', 'Page Not Found'],
  ])('%s → %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});
