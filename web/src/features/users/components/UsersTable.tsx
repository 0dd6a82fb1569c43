import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { WideTable } from '../../../components/WideTable';
import type { AdminUser } from '../../../api/users';
import { avatarText, DEMO_USER_LOCKED, displayName, isDemoUser } from '../../../lib/user-display';
import { RoleBadge } from './RoleBadge';

interface UsersTableProps {
  users: AdminUser[];
  loading: boolean;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export function UsersTable({ users, loading, onEdit, onDelete }: UsersTableProps) {
  const columns: ColumnsType<AdminUser> = [
    {
      title: 'User',
      key: 'user',
      render: (_, user) => (
        <Flex gap={12} align="center">
          <Avatar style={{ background: '#2563eb', flexShrink: 0 }}>{avatarText(user)}</Avatar>
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong>{displayName(user)}</Typography.Text>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.id}
            </Typography.Text>
          </div>
        </Flex>
      ),
    },
    { title: 'Email', dataIndex: 'email', key: 'email', render: (email: string | null) => email ?? '—' },
    {
      // Never a value: the API only says whether a password exists.
      title: 'Password',
      key: 'password',
      render: (_, user) =>
        user.hasPassword ? <Typography.Text>Set</Typography.Text> : <Typography.Text type="secondary">No password</Typography.Text>,
    },
    { title: 'Role', dataIndex: 'role', key: 'role', render: (role: AdminUser['role']) => <RoleBadge role={role} /> },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (createdAt: string) => new Date(createdAt).toLocaleDateString(),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, user) => {
        const isDemo = isDemoUser(user);
        return (
          <Flex gap={4}>
            <Tooltip title={isDemo ? DEMO_USER_LOCKED : undefined}>
              <Button
                type="text"
                disabled={isDemo}
                icon={<EditOutlined />}
                aria-label={`Edit ${displayName(user)}`}
                onClick={() => onEdit(user)}
              />
            </Tooltip>
            <Tooltip title={isDemo ? 'The demo user cannot be deleted' : undefined}>
              <Button
                type="text"
                danger
                disabled={isDemo}
                icon={<DeleteOutlined />}
                aria-label={`Delete ${displayName(user)}`}
                onClick={() => onDelete(user)}
              />
            </Tooltip>
          </Flex>
        );
      },
    },
  ];

  return (
    <WideTable<AdminUser>
      label="Users table"
      minWidth={800}
      rowKey="id"
      columns={columns}
      rows={users}
      pageSize={20}
      loading={loading}
      locale={{ emptyText: <Typography.Text type="secondary">No users found</Typography.Text> }}
    />
  );
}
