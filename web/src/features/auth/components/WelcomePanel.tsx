import { Flex, theme, Typography } from 'antd';
import { Surface } from '../../../components/Surface';
import type { ReactNode } from 'react';

interface WelcomePanelProps {
  icon: ReactNode;
  title: string;
  text: string;
  actions: ReactNode;
}

/** Signed-out prompt shown on screens that need a session (spec §2). */
export function WelcomePanel({ icon, title, text, actions }: WelcomePanelProps) {
  const { token } = theme.useToken();
  return (
    <Surface padding="clamp(24px, 5vw, 40px)" style={{ width: '100%', maxWidth: 520, textAlign: 'center' }}>
      <span aria-hidden style={{ fontSize: 40, color: token.colorPrimary }}>
        {icon}
      </span>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 12 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
        {text}
      </Typography.Paragraph>
      <Flex gap={12} justify="center" wrap style={{ marginTop: 24 }}>
        {actions}
      </Flex>
    </Surface>
  );
}
