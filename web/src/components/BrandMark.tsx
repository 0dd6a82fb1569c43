import { InboxOutlined } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';

export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={10}>
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 36,
          height: 36,
          borderRadius: token.borderRadiusLG,
          background: token.colorPrimary,
          color: token.colorWhite,
          fontSize: 20,
        }}
      >
        <InboxOutlined />
      </span>
      {!compact && (
        <Typography.Text strong style={{ fontSize: 18 }}>
          Inventory Manager
        </Typography.Text>
      )}
    </Flex>
  );
}
