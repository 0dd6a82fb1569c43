import { BellOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../auth/hooks';
import { NotificationsTab } from '../components/NotificationsTab';
import { ProfileTab } from '../components/ProfileTab';
import { SecurityTab } from '../components/SecurityTab';

/** SPEC 2 Account Settings: Profile, Security and Notifications tabs. */
export function AccountPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile, security and notifications" />
      <Tabs
        defaultActiveKey="profile"
        items={[
          { key: 'profile', label: 'Profile', icon: <UserOutlined />, children: <ProfileTab user={user} /> },
          { key: 'security', label: 'Security', icon: <LockOutlined />, children: <SecurityTab user={user} /> },
          { key: 'notifications', label: 'Notifications', icon: <BellOutlined />, children: <NotificationsTab /> },
        ]}
      />
    </>
  );
}
