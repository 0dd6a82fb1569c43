import { Tag } from 'antd';
import type { Role } from '../../../api/users';

// spec §6 colours; shades chosen for AA contrast of the 12 px tag text.
const BADGES: Record<Role, { label: string; color: string; background: string }> = {
  super_admin: { label: 'Super Admin', color: '#6b21a8', background: '#f3e8ff' },
  admin: { label: 'Admin', color: '#1e40af', background: '#dbeafe' },
  user: { label: 'User', color: '#374151', background: '#f3f4f6' },
};

export function RoleBadge({ role }: { role: Role }) {
  const badge = BADGES[role] ?? BADGES.user;
  return <Tag style={{ color: badge.color, background: badge.background, borderColor: 'transparent' }}>{badge.label}</Tag>;
}
