import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { CurrentUser } from '../../../api/auth';
import { isDemoUser } from '../../../lib/user-display';
import { useLogoutAllDevices } from '../hooks';

function signInMethod(user: CurrentUser): string {
  const providers = user.externalProviders ?? [];
  if (providers.includes('google')) return 'You sign in with your Google account.';
  if (providers.includes('oidc')) return 'You sign in with the platform’s external sign-in provider.';
  if (isDemoUser(user)) return 'You are using the demo account.';
  return 'You sign in with your email address and password.';
}

export function SecurityTab({ user }: { user: CurrentUser }) {
  const logoutAll = useLogoutAllDevices();
  return (
    <Flex vertical gap={16}>
      <Card title="Account Status">
        <Flex gap={8} align="center">
          <Typography.Text>Your account is</Typography.Text>
          {/* antd's green tag text is 3.4:1 on its background; these shades pass AA. */}
          <Tag style={{ color: '#166534', background: '#dcfce7', borderColor: '#86efac' }}>Active</Tag>
        </Flex>
      </Card>
      <Card title="Authentication Method">
        <Typography.Text>{signInMethod(user)}</Typography.Text>
      </Card>
      <Card title="Session Management">
        <Typography.Paragraph type="secondary">
          Sign out of every browser and device where your account is signed in, this one included.
        </Typography.Paragraph>
        <Popconfirm
          title="Logout from all devices?"
          description="You will need to sign in again everywhere."
          okText="Logout"
          onConfirm={() => logoutAll.mutate()}
        >
          <Button danger loading={logoutAll.isPending}>
            Logout from all devices
          </Button>
        </Popconfirm>
      </Card>
    </Flex>
  );
}
