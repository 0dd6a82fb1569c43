import { InboxOutlined, LoginOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { authUrls } from '../../../api/auth';
import { DemoModeButton } from '../components/DemoModeButton';
import { PublicPage } from '../components/PublicPage';
import { WelcomePanel } from '../components/WelcomePanel';

/** Signed-out visitors to /inventory, /categories and /locations (spec §2). */
export function SignedOutWelcomePage() {
  return (
    <PublicPage centered>
      <WelcomePanel
        icon={<InboxOutlined />}
        title="Welcome to Inventory Manager"
        text="Sign in to track your items, categories and locations, and get alerted before stock runs out."
        actions={
          <>
            <Button type="primary" size="large" icon={<LoginOutlined />} onClick={() => window.location.assign(authUrls.platformLogin)}>
              Sign In with the platform
            </Button>
            <DemoModeButton />
          </>
        }
      />
    </PublicPage>
  );
}
