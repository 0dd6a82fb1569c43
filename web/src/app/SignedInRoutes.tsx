import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { AppShell } from './layout/AppShell';
import { LandingPage } from '../features/auth/pages/LandingPage';
import { RegisterPage } from '../features/auth/pages/RegisterPage';
import { lazyNamed } from '../lib/lazy';
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
        <Route path="/" element={<DashboardPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/inventory" element={<InventoryPage />} />
        <Route path="/imports" element={<ImportHistoryPage />} />
        <Route path="/imports/new" element={<NewImportPage />} />
        <Route path="/imports/:id" element={<ImportPage />} />
        <Route path="/counts" element={<CountsPage />} />
        <Route path="/counts/:id" element={<CountPage />} />
        <Route path="/categories" element={<CategoriesPage />} />
        <Route path="/locations" element={<LocationsPage />} />
        <Route path="/reports" element={<ReportsPage />} />
        <Route path="/users" element={<UsersPage />} />
        <Route path="/workspace" element={<WorkspacePage />} />
        <Route path="/account" element={<AccountPage />} />
        <Route path="/logout" element={<LogoutConfirmPage />} />
        <Route path="/i/:code" element={<ItemLinkPage />} />
        <Route path="/l/:code" element={<LocationLinkPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
