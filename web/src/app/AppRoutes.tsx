import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { useAuth } from '../features/auth/hooks';
import { LandingPage } from '../features/auth/pages/LandingPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { lazyNamed } from '../lib/lazy';
import { withNext } from '../lib/next-path';
import { HydratedSignal } from '../prerender/HydratedSignal';

// Everything behind sign-in (shell, pages, charts, PDF) stays out of the first download.
const SignedInRoutes = lazyNamed(() => import('./SignedInRoutes'), 'SignedInRoutes');
// Landing and login are in the first download; the other signed-out screens follow on demand.
const RegisterPage = lazyNamed(() => import('../features/auth/pages/RegisterPage'), 'RegisterPage');
const SignedOutWelcomePage = lazyNamed(() => import('../features/auth/pages/SignedOutWelcomePage'), 'SignedOutWelcomePage');
const AccountWelcomePage = lazyNamed(() => import('../features/auth/pages/AccountWelcomePage'), 'AccountWelcomePage');
// Opened from an invitation link before the visitor has an account or a session.
const InvitationPage = lazyNamed(() => import('../features/workspace/pages/InvitationPage'), 'InvitationPage');
// Opened from a notification email's unsubscribe link, usually without a session.
const UnsubscribePage = lazyNamed(() => import('../features/notifications/pages/UnsubscribePage'), 'UnsubscribePage');

/** A label's link opened before signing in: sign in first, then on to the label's item or place. */
function SignInThenBack() {
  const { pathname } = useLocation();
  return <Navigate to={withNext('/login', pathname)} replace />;
}

/** spec §2 route switch. */
export function AppRoutes() {
  const { isLoading, isAuthenticated } = useAuth();

  if (isLoading) return <FullScreenLoader />;

  if (isAuthenticated) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <SignedInRoutes />
      </Suspense>
    );
  }

  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/inventory" element={<SignedOutWelcomePage />} />
        <Route path="/categories" element={<SignedOutWelcomePage />} />
        <Route path="/locations" element={<SignedOutWelcomePage />} />
        <Route path="/account" element={<AccountWelcomePage />} />
        <Route path="/invite/:token" element={<InvitationPage />} />
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/i/:code" element={<SignInThenBack />} />
        <Route path="/l/:code" element={<SignInThenBack />} />
        <Route path="*" element={<LandingPage />} />
      </Routes>
      <HydratedSignal />
    </Suspense>
  );
}
