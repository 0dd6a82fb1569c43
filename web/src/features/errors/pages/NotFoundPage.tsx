import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Card, Flex, theme, Typography } from 'antd';

/** spec §2: any unknown path while signed in. */
export function NotFoundPage() {
  const { token } = theme.useToken();
  return (
    <Flex justify="center" style={{ paddingTop: 48 }}>
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
          <ExclamationCircleOutlined aria-hidden style={{ fontSize: 28, color: token.colorError }} />
          <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
            404 Page Not Found
          </Typography.Title>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Did you forget to add the page to the router?
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
