import { ApiOutlined, BellOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useIsMobile } from '../../../lib/use-media-query';
import { useAuth } from '../../auth/hooks';
import { ApiTokensTab } from '../components/ApiTokensTab';
import { NotificationsTab } from '../components/NotificationsTab';
import { ProfileTab } from '../components/ProfileTab';
import { SecurityTab } from '../components/SecurityTab';

const TABS = ['profile', 'security', 'notifications', 'api-tokens'];

/** spec §2 Account Settings: Profile, Security and Notifications tabs, and the user's API tokens. */
export function AccountPage() {
  const { user } = useAuth();
  // ?tab=notifications opens that tab (links from the dashboard's first steps); switching keeps the URL in step.
  const [params, setParams] = useSearchParams();
  // Four labels fit across a phone only without their icons and with narrower gaps.
  const isMobile = useIsMobile();
  if (!user) return null;
  const icon = (node: ReactNode) => (isMobile ? undefined : node);
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile, security, notifications and API tokens" />
      <Tabs
        activeKey={TABS.includes(params.get('tab') ?? '') ? params.get('tab')! : 'profile'}
        onChange={(tab) => setParams(tab === 'profile' ? {} : { tab }, { replace: true })}
        tabBarGutter={isMobile ? 16 : undefined}
        items={[
          { key: 'profile', label: 'Profile', icon: icon(<UserOutlined />), children: <ProfileTab user={user} /> },
          { key: 'security', label: 'Security', icon: icon(<LockOutlined />), children: <SecurityTab user={user} /> },
          { key: 'notifications', label: 'Notifications', icon: icon(<BellOutlined />), children: <NotificationsTab /> },
          { key: 'api-tokens', label: 'API tokens', icon: icon(<ApiOutlined />), children: <ApiTokensTab user={user} /> },
        ]}
      />
    </>
  );
}
