import { LoginOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { DemoModeButton } from '../components/DemoModeButton';
import { PublicPage } from '../components/PublicPage';
import { WelcomePanel } from '../components/WelcomePanel';

/** Signed-out visitors to /account (spec §2: heading, prompt, 'Sign In' and 'Try Demo Mode'). */
export function AccountWelcomePage() {
  const navigate = useNavigate();
  return (
    <PublicPage centered>
      <WelcomePanel
        icon={<UserOutlined />}
        title="Your Account"
        text="Please sign in to view and manage your account settings."
        actions={
          <>
            <Button type="primary" size="large" icon={<LoginOutlined />} onClick={() => navigate('/login')}>
              Sign In
            </Button>
            <DemoModeButton />
          </>
        }
      />
    </PublicPage>
  );
}
