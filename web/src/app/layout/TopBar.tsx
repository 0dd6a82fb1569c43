import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme, Typography } from 'antd';
import { AlertBell } from '../../features/alerts/components/AlertBell';
import { ScanButton } from '../../scan/ScanButton';
import { ThemeToggleButton } from '../../components/ThemeToggleButton';

interface TopBarProps {
  title: string;
  showMenuButton: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

export const MOBILE_NAV_ID = 'mobile-navigation';

export function TopBar({ title, showMenuButton, menuOpen, onOpenMenu }: TopBarProps) {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        height: 64,
        paddingInline: showMenuButton ? 12 : 24,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        lineHeight: 'normal',
      }}
    >
      <Flex align="center" justify="space-between" gap={12} style={{ height: '100%' }}>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          {showMenuButton && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Open navigation menu"
              aria-expanded={menuOpen}
              aria-controls={MOBILE_NAV_ID}
              onClick={onOpenMenu}
            />
          )}
          <Typography.Title level={1} ellipsis style={{ margin: 0, fontSize: 20 }}>
            {title}
          </Typography.Title>
        </Flex>
        <Flex align="center" gap={4}>
          <ScanButton />
          <AlertBell />
          <ThemeToggleButton />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
