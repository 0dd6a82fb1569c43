import { Flex, Menu, theme } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '../../api/auth';
import { WorkspaceSwitcher } from '../../features/workspace/components/WorkspaceSwitcher';
import { BrandMark } from '../../components/BrandMark';
import { activeNavPath, visibleNavEntries } from './nav-config';
import { UserPanel } from './UserPanel';

interface SideNavProps {
  user: CurrentUser | null;
  /** Called after an entry is chosen (closes the mobile drawer). */
  onNavigate?: () => void;
}

export function SideNav({ user, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const entries = visibleNavEntries(user?.role);
  const active = activeNavPath(pathname, entries);

  return (
    <Flex vertical style={{ height: '100%' }}>
      <div style={{ padding: '16px 20px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Link to="/" aria-label="Inventory Manager, go to dashboard" onClick={onNavigate}>
          <BrandMark />
        </Link>
      </div>
      <div style={{ padding: '12px 12px 4px' }}>
        <WorkspaceSwitcher onDone={onNavigate} />
      </div>
      <nav aria-label="Main navigation" style={{ flex: 1, overflowY: 'auto', paddingTop: 8 }}>
        <Menu
          mode="inline"
          selectedKeys={active ? [active] : []}
          style={{ borderInlineEnd: 'none', background: 'transparent' }}
          items={entries.map((entry) => ({
            key: entry.path,
            icon: entry.icon,
            label: (
              <Link to={entry.path} onClick={onNavigate} aria-current={entry.path === active ? 'page' : undefined}>
                {entry.label}
              </Link>
            ),
          }))}
        />
      </nav>
      <UserPanel user={user} />
    </Flex>
  );
}
