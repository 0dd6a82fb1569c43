/** The top bar's title for each screen (a phone shows only this one). */
const PAGE_TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/dashboard': 'Dashboard',
  '/inventory': 'Inventory Management',
  '/imports': 'Import History',
  '/imports/new': 'Bulk Import',
  '/counts': 'Stock Counts',
  '/categories': 'Categories',
  '/locations': 'Locations',
  '/reports': 'Reports & Analytics',
  '/users': 'User Management',
  '/workspace': 'Workspace Settings',
  '/account': 'Account Settings',
  '/logout': 'Sign Out',
};

export function pageTitle(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (/^\/counts\/[^/]+$/.test(trimmed)) return 'Stock Count';
  // An import's own page (/imports/<id>) is the wizard's last steps.
  // A label's link (docs/scanning.md): an item's scan sheet, or a place set as 'here'.
  if (/^\/[il]\/[^/]+$/.test(trimmed)) return 'Scan';
  return PAGE_TITLES[trimmed] ?? (/^\/imports\/[^/]+$/.test(trimmed) ? 'Bulk Import' : 'Page Not Found');
}
