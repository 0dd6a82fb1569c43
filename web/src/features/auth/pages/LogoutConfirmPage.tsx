import { LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../hooks';

/**
 * Where a link to GET /api/logout lands: signing out takes a click here (a POST with the CSRF
 * token), so a link on another site cannot sign anyone out (docs/security.md).
 */
export function LogoutConfirmPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Flex justify="center" style={{ paddingTop: 48 }}>
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>
          Sign out?
        </Typography.Title>
        <Typography.Paragraph type="secondary">You will need to sign in again to see your inventory.</Typography.Paragraph>
        <Flex gap={8} justify="flex-end">
          <Button onClick={() => navigate('/dashboard')}>Cancel</Button>
          <Button type="primary" icon={<LogoutOutlined />} loading={logout.isPending} onClick={() => logout.mutate()}>
            Sign out
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
