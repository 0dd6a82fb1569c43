import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Role } from '../../api/users';
import type { ReactNode } from 'react';

export interface NavEntry {
  path: string;
  label: string;
  icon: ReactNode;
  roles?: readonly Role[];
}

/** spec §2 navigation menu, in order. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { path: '/', label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: '/inventory', label: 'Items', icon: <AppstoreOutlined /> },
  { path: '/counts', label: 'Counts', icon: <AuditOutlined /> },
  { path: '/categories', label: 'Categories', icon: <TagsOutlined /> },
  { path: '/locations', label: 'Locations', icon: <EnvironmentOutlined /> },
  { path: '/reports', label: 'Reports', icon: <BarChartOutlined /> },
  { path: '/users', label: 'Users', icon: <TeamOutlined />, roles: ['super_admin'] },
  { path: '/workspace', label: 'Workspace', icon: <ApartmentOutlined /> },
  { path: '/account', label: 'Account', icon: <SettingOutlined /> },
];

export function visibleNavEntries(role: Role | undefined): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => !entry.roles || (role !== undefined && entry.roles.includes(role)));
}

/**
 * spec §2: the active entry matches the current path, or is a path prefix (never for '/').
 * /dashboard serves the same screen as '/', so it highlights the Dashboard entry too.
 */
export function activeNavPath(pathname: string, entries: readonly NavEntry[]): string | undefined {
  if (pathname === '/' || pathname === '/dashboard') return '/';
  return entries.find((entry) => entry.path !== '/' && (pathname === entry.path || pathname.startsWith(`${entry.path}/`)))?.path;
}
