import { matchPath, Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { AppShell } from './layout/AppShell';
import { LandingPage } from '../features/auth/pages/LandingPage';
import { RegisterPage } from '../features/auth/pages/RegisterPage';
import { lazyNamed, type LazyPage } from '../lib/lazy';
import { safeNextPath } from '../lib/next-path';

// One chunk per screen: a visit downloads only the screens it opens.
const DashboardPage = lazyNamed(() => import('../features/dashboard/pages/DashboardPage'), 'DashboardPage');
const InventoryPage = lazyNamed(() => import('../features/inventory/pages/InventoryPage'), 'InventoryPage');
const CategoriesPage = lazyNamed(() => import('../features/categories/pages/CategoriesPage'), 'CategoriesPage');
const LocationsPage = lazyNamed(() => import('../features/locations/pages/LocationsPage'), 'LocationsPage');
const ReportsPage = lazyNamed(() => import('../features/reports/pages/ReportsPage'), 'ReportsPage');
const UsersPage = lazyNamed(() => import('../features/users/pages/UsersPage'), 'UsersPage');
const WorkspacePage = lazyNamed(() => import('../features/workspace/pages/WorkspacePage'), 'WorkspacePage');
const InvitationPage = lazyNamed(() => import('../features/workspace/pages/InvitationPage'), 'InvitationPage');
const UnsubscribePage = lazyNamed(() => import('../features/notifications/pages/UnsubscribePage'), 'UnsubscribePage');
const AccountPage = lazyNamed(() => import('../features/account/pages/AccountPage'), 'AccountPage');
const LogoutConfirmPage = lazyNamed(() => import('../features/auth/pages/LogoutConfirmPage'), 'LogoutConfirmPage');
const ImportHistoryPage = lazyNamed(() => import('../features/imports/pages/ImportHistoryPage'), 'ImportHistoryPage');
const NewImportPage = lazyNamed(() => import('../features/imports/pages/NewImportPage'), 'NewImportPage');
const ImportPage = lazyNamed(() => import('../features/imports/pages/ImportPage'), 'ImportPage');
const CountsPage = lazyNamed(() => import('../features/counts/pages/CountsPage'), 'CountsPage');
const CountPage = lazyNamed(() => import('../features/counts/pages/CountPage'), 'CountPage');
// Where our labels' QR codes lead (a phone's camera app opens them): the scan sheet, or 'here' set.
const ItemLinkPage = lazyNamed(() => import('../scan/ScanLinkPage'), 'ItemLinkPage');
const LocationLinkPage = lazyNamed(() => import('../scan/ScanLinkPage'), 'LocationLinkPage');
const NotFoundPage = lazyNamed(() => import('../features/errors/pages/NotFoundPage'), 'NotFoundPage');

/** A signed-in visit to /login goes where the sign-in was meant to lead (an invitation), else home. */
function AfterSignIn() {
  const [searchParams] = useSearchParams();
  return <Navigate to={safeNextPath(searchParams.get('next')) ?? '/dashboard'} replace />;
}

/**
 * The screens inside the shell, by path (spec §2): one table for the routes, for preloadPageAt and
 * for the screens the gateway renders with the visitor's data (`serverRendered`,
 * docs/web-performance.md): the first screens of a day, whose first paint matters most on a phone.
 */
const SHELL_PAGES: { path: string; Page: LazyPage; serverRendered?: true }[] = [
  { path: '/', Page: DashboardPage, serverRendered: true },
  { path: '/dashboard', Page: DashboardPage, serverRendered: true },
  { path: '/inventory', Page: InventoryPage, serverRendered: true },
  { path: '/imports', Page: ImportHistoryPage },
  { path: '/imports/new', Page: NewImportPage },
  { path: '/imports/:id', Page: ImportPage },
  { path: '/counts', Page: CountsPage },
  { path: '/counts/:id', Page: CountPage },
  { path: '/categories', Page: CategoriesPage, serverRendered: true },
  { path: '/locations', Page: LocationsPage, serverRendered: true },
  { path: '/reports', Page: ReportsPage, serverRendered: true },
  { path: '/users', Page: UsersPage },
  { path: '/workspace', Page: WorkspacePage },
  { path: '/account', Page: AccountPage },
  { path: '/logout', Page: LogoutConfirmPage },
  { path: '/i/:code', Page: ItemLinkPage },
  { path: '/l/:code', Page: LocationLinkPage },
  { path: '*', Page: NotFoundPage },
];

/**
 * Fetches the code of the screen at this path, as this module arrives on a visit by someone who
 * was signed in (main.tsx): the screen's chunk then loads beside the current-user call, not after it.
 */
export function preloadPageAt(pathname: string): void {
  SHELL_PAGES.find(({ path }) => matchPath(path, pathname))?.Page.preload();
}

/** Whether the gateway renders the screen at this path for a signed-in visitor. */
export function isServerRenderedPage(pathname: string): boolean {
  return SHELL_PAGES.find(({ path }) => matchPath(path, pathname))?.serverRendered === true;
}

/** Loads the code of every screen the gateway renders (once, as its server renderer starts). */
export function preloadServerRenderedPages(): void {
  for (const { Page, serverRendered } of SHELL_PAGES) if (serverRendered) Page.preload();
}

/** spec §2 routes for a signed-in visitor. */
export function SignedInRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<AfterSignIn />} />
      <Route path="/landing" element={<LandingPage />} />
      <Route path="/register" element={<RegisterPage />} />
      {/* Outside the shell, like the signed-out copies of the same pages: one focused question. */}
      <Route path="/invite/:token" element={<InvitationPage />} />
      <Route path="/unsubscribe" element={<UnsubscribePage />} />
      <Route element={<AppShell />}>
        {SHELL_PAGES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}
