import { Alert, Flex, Spin, Typography } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginRequest } from '../../../api/auth';
import { safeNextPath, withNext } from '../../../lib/next-path';
import { useToast } from '../../../lib/toast';
import { AuthCard } from '../components/AuthCard';
import { LoginMethodChoice } from '../components/LoginMethodChoice';
import { PublicPage } from '../components/PublicPage';
import { useAdminLogin, useDemoLogin, useLogin, usePublicConfig } from '../hooks';
import { loginErrorText, redirectErrorText } from '../messages';

// antd Form, Input.Password and the validator weigh ~15 KB gzip; the first view of the card
// does not need them, so they download when the email view is chosen (or hovered: prefetch).
const loadEmailLoginForm = () => import('../components/EmailLoginForm');
const EmailLoginForm = lazy(async () => ({ default: (await loadEmailLoginForm()).EmailLoginForm }));
// A failed prefetch is not an error: opening the email view loads (and reports) it again.
const prefetchEmailLoginForm = () => void loadEmailLoginForm().catch(() => undefined);

type View = 'choice' | 'email';

export function LoginPage() {
  const [view, setView] = useState<View>('choice');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const config = usePublicConfig().data;
  const login = useLogin();
  const adminLogin = useAdminLogin();
  const demoLogin = useDemoLogin();

  // Super-admin and demo logins stay busy after success: the page is being reloaded.
  const busy = login.isPending || adminLogin.isPending || adminLogin.isSuccess || demoLogin.isPending || demoLogin.isSuccess;
  const redirectError = searchParams.get('error');
  // Where a sign-in started from a link (an invitation) goes back to.
  const next = safeNextPath(searchParams.get('next'));
  const superAdminEmail = config?.superAdminShortcutEnabled ? config.superAdminEmail : undefined;

  const handleEmailLogin = async (values: LoginRequest) => {
    try {
      await login.mutateAsync(values);
      toast({ title: 'Success', description: 'Logged in successfully!' });
      navigate(next ?? '/dashboard', { replace: true });
    } catch (error) {
      toast({ title: 'Error', description: loginErrorText(error), variant: 'destructive' });
    }
  };

  return (
    <PublicPage centered>
      {redirectError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={redirectErrorText(redirectError)}
          style={{ width: '100%', maxWidth: 440, marginBottom: 16 }}
        />
      )}
      <AuthCard
        title={view === 'choice' ? 'Choose Login Method' : 'Sign In'}
        description={view === 'choice' ? undefined : 'Enter your email and password to sign in'}
        footer={
          <Typography.Text type="secondary">
            Don&apos;t have an account? <Link to={withNext('/register', next)}>Sign Up</Link>
          </Typography.Text>
        }
      >
        {view === 'choice' ? (
          <LoginMethodChoice
            busy={busy}
            showSuperAdmin={Boolean(superAdminEmail)}
            showDemo={Boolean(config?.demoLoginEnabled)}
            onEmail={() => setView('email')}
            onEmailIntent={prefetchEmailLoginForm}
            onSuperAdmin={() => superAdminEmail && adminLogin.mutate({ email: superAdminEmail })}
            onDemo={() => demoLogin.mutate()}
          />
        ) : (
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: 24 }}>
                <Spin aria-label="Loading sign-in form" />
              </Flex>
            }
          >
            <EmailLoginForm busy={busy} onSubmit={handleEmailLogin} onBack={() => setView('choice')} />
          </Suspense>
        )}
      </AuthCard>
    </PublicPage>
  );
}
