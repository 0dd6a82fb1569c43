import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../auth/hooks';

/** Placeholder until the user management screen is built; super_admin only (SPEC 6). */
export function UsersPage() {
  const { user } = useAuth();
  if (user?.role !== 'super_admin') {
    return (
      <Result
        icon={<LockOutlined />}
        title="Access Denied"
        subTitle="You need super admin permissions to manage users."
      />
    );
  }
  return <PageHeader title="User Management" description="Manage users, roles and access" />;
}
