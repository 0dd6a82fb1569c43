import { theme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

interface SurfaceProps extends HTMLAttributes<HTMLDivElement> {
  children: ReactNode;
  padding?: CSSProperties['padding'];
}

/**
 * A card-looking box for the signed-out screens. antd Card pulls in Tabs, Menu and
 * Dropdown (~25 KB gzip), which would break the first-load budget of landing and login.
 */
export function Surface({ children, padding = 24, style, ...rest }: SurfaceProps) {
  const { token } = theme.useToken();
  return (
    <div
      {...rest}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
        padding,
        ...style,
      }}
    >
      {children}
    </div>
  );
}
