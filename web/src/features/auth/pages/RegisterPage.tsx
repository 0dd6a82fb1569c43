import { ArrowLeftOutlined, GoogleOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authUrls, type RegisterRequest } from '../../../api/auth';
import { safeNextPath, withNext } from '../../../lib/next-path';
import { AuthCard } from '../components/AuthCard';
import { PublicPage } from '../components/PublicPage';
import { RegisterForm } from '../components/RegisterForm';
import { useRegister } from '../hooks';
import { registerErrorText } from '../messages';

export function RegisterPage() {
  const navigate = useNavigate();
  const registration = useRegister();
  const [error, setError] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  // Where a sign-up started from a link (an invitation) goes back to, with the address it was sent to.
  const next = safeNextPath(searchParams.get('next'));
  const email = searchParams.get('email') ?? undefined;

  const handleSubmit = async (body: RegisterRequest) => {
    setError(null);
    try {
      await registration.mutateAsync(body);
      navigate(next ?? '/dashboard', { replace: true });
    } catch (failure) {
      setError(registerErrorText(failure));
    }
  };

  return (
    <PublicPage centered>
      <Flex vertical gap={8} style={{ width: '100%', maxWidth: 440 }}>
        <Link to="/" style={{ alignSelf: 'flex-start' }}>
          <ArrowLeftOutlined /> Back to Home
        </Link>
        <AuthCard
          title="Create your account"
          description="Start managing your inventory in minutes"
          footer={
            <Typography.Text type="secondary">
              Already have an account? <Link to={withNext('/login', next)}>Sign In</Link>
            </Typography.Text>
          }
        >
          <Button
            size="large"
            block
            icon={<GoogleOutlined />}
            disabled={registration.isPending}
            onClick={() => window.location.assign(authUrls.google)}
          >
            Sign up with Google
          </Button>
          <Divider plain>or sign up with email</Divider>
          <RegisterForm pending={registration.isPending} error={error} initialEmail={email} onSubmit={handleSubmit} />
        </AuthCard>
      </Flex>
    </PublicPage>
  );
}
