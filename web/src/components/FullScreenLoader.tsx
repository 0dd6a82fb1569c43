import { Flex, Spin, Typography } from 'antd';

/** spec §2: shown while the auth state loads. */
export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Flex role="status" aria-live="polite" vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh' }}>
      <Spin size="large" />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Flex>
  );
}
