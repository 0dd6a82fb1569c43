import { Flex, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandMark } from '../../../components/BrandMark';
import { ThemeToggleButton } from '../../../components/ThemeToggleButton';

interface PublicPageProps {
  children: ReactNode;
  /** Extra header content (e.g. the landing page's Get Started button). */
  headerActions?: ReactNode;
  /** Center the content vertically (auth cards). */
  centered?: boolean;
}

/** Frame of the signed-out screens: brand header and a main landmark. */
export function PublicPage({ children, headerActions, centered = false }: PublicPageProps) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: 'clamp(12px, 4vw, 32px)',
          lineHeight: 'normal',
        }}
      >
        <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
          <Link to="/" aria-label="Inventory Manager home">
            <BrandMark />
          </Link>
          <Flex align="center" gap={8}>
            <ThemeToggleButton />
            {headerActions}
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: centered ? 'center' : 'stretch',
          justifyContent: centered ? 'center' : 'flex-start',
          padding: centered ? 'clamp(16px, 4vw, 48px) 16px' : 0,
        }}
      >
        {children}
      </Layout.Content>
    </Layout>
  );
}
