import { LockOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Card, Flex, Input, Result, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { AdminUser } from '../../../api/users';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../auth/hooks';
import { EditUserDialog } from '../components/EditUserDialog';
import { UsersTable } from '../components/UsersTable';
import { WorkspacesCard } from '../components/WorkspacesCard';
import { useAdminUsers, useDeleteUser } from '../hooks';

function matches(user: AdminUser, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [user.firstName, user.lastName, user.email].some((field) => field?.toLowerCase().includes(needle));
}

/** spec §2 User Management, super_admin only (spec §6). */
export function UsersPage() {
  const { user } = useAuth();
  const isSuperAdmin = user?.role === 'super_admin';
  const query = useAdminUsers(isSuperAdmin);
  const remove = useDeleteUser();
  const { modal } = App.useApp();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const shown = useMemo(() => (query.data ?? []).filter((candidate) => matches(candidate, search)), [query.data, search]);

  if (!isSuperAdmin) {
    return <Result icon={<LockOutlined />} title="Access Denied" subTitle="You need super admin permissions to manage users." />;
  }

  function confirmDelete(target: AdminUser) {
    modal.confirm({
      title: 'Delete User',
      content: `Are you sure you want to delete ${target.firstName ?? ''} ${target.lastName ?? ''}? This action cannot be undone and will remove all their data.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => remove.mutateAsync(target.id).catch(() => undefined),
    });
  }

  return (
    <>
      <PageHeader title="User Management" description="Manage users, roles and access" />
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Flex align="center" gap={8}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              Users
            </Typography.Title>
            {/* A plain tag rather than antd Badge: its animated digits read badly to screen readers and tests. */}
            <Tag
              data-testid="user-count"
              aria-label={`${shown.length} users shown`}
              style={{ color: '#fff', background: '#2563eb', borderColor: 'transparent', borderRadius: 10 }}
            >
              {shown.length}
            </Tag>
          </Flex>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder="Search users..."
            aria-label="Search users"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 320 }}
          />
        </Flex>
        <UsersTable users={shown} loading={query.isLoading} onEdit={setEditing} onDelete={confirmDelete} />
      </Card>
      <WorkspacesCard />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
