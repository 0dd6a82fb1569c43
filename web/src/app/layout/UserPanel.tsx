import { LogoutOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, theme, Typography } from 'antd';
import type { CurrentUser } from '../../api/auth';
import { useLogout } from '../../features/auth/hooks';
import { avatarText, displayName } from '../../lib/user-display';

/** Bottom of the navigation: who is signed in, and the Logout button. */
export function UserPanel({ user }: { user: CurrentUser | null }) {
  const { token } = theme.useToken();
  const logout = useLogout();
  const name = displayName(user);

  return (
    <Flex vertical gap={12} style={{ padding: 16, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        <Avatar
          size={40}
          src={user?.profileImageUrl || undefined}
          alt={user?.profileImageUrl ? `${name} profile picture` : undefined}
          style={{ backgroundColor: token.colorPrimary, flexShrink: 0 }}
        >
          {avatarText(user)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {name}
          </Typography.Text>
          {user?.email && (
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
              {user.email}
            </Typography.Text>
          )}
        </div>
      </Flex>
      <Button block icon={<LogoutOutlined />} loading={logout.isPending} onClick={() => logout.mutate()}>
        Logout
      </Button>
    </Flex>
  );
}
