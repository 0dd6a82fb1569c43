import { Typography } from 'antd';
import { Surface } from '../../../components/Surface';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centered card used by the login and sign-up screens. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Surface padding="clamp(20px, 5vw, 32px)" style={{ width: '100%', maxWidth: 440 }}>
      <header style={{ textAlign: 'center', marginBottom: 24 }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {description && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {description}
          </Typography.Paragraph>
        )}
      </header>
      {children}
      {footer && <footer style={{ marginTop: 24, textAlign: 'center' }}>{footer}</footer>}
    </Surface>
  );
}
