import { describe, expect, it } from '@jest/globals';
import { pageTitle } from './page-titles';

describe('the top bar title', () => {
  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/inventory/', 'Inventory Management'],
    ['/reports', 'Reports & Analytics'],
    ['/imports', 'Import History'],
    ['/imports/new', 'Bulk Import'],
    ['/imports/0b7c6a52-2f1e-4c3a-9d1e-7f0a5b4c3d2e', 'Bulk Import'],
    ['/imports/a/b', 'Page Not Found'],
    ['/counts', 'Stock Counts'],
    ['/counts/0b7c6a52-2f1e-4c3a-9d1e-7f0a5b4c3d2e', 'Stock Count'],
    ['/workspace', 'Workspace Settings'],
    ['/logout', 'Sign Out'],
    ['/no-such-page', 'Page Not Found'],
    ['/i/7K2M9QX4TB', 'Scan'],
    ['/l/7k2m-9qx4-tb', 'Scan'],
  ])('%s → %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});
