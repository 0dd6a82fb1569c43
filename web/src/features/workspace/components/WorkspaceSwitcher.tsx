import { CheckOutlined, DownOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, theme, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { WorkspaceSummary } from '../../../api/workspaces';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useAuth } from '../../auth/hooks';
import { useSwitchWorkspace, useWorkspaces } from '../hooks';
import { ROLE_LABELS } from '../roles';
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog';

interface WorkspaceSwitcherProps {
  /** After a choice that leaves the menu for good (closes the mobile navigation drawer). */
  onDone?: () => void;
}

const CREATE = 'create';
const SETTINGS = 'settings';
const WORKSPACE_PREFIX = 'workspace:';

function WorkspaceMark({ name, size }: { name: string; size: number }) {
  const { token } = theme.useToken();
  return (
    <Avatar shape="square" size={size} aria-hidden style={{ background: token.colorPrimary, flexShrink: 0 }}>
      {name.trim().charAt(0).toUpperCase() || 'W'}
    </Avatar>
  );
}

function WorkspaceOption({ workspace, current, own }: { workspace: WorkspaceSummary; current: boolean; own: boolean }) {
  const members = `${workspace.memberCount} ${workspace.memberCount === 1 ? 'member' : 'members'}`;
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0, paddingBlock: 2 }}>
      <WorkspaceMark name={workspace.name} size={28} />
      <div style={{ minWidth: 0, flex: 1, lineHeight: 1.3 }}>
        <Typography.Text strong={current} ellipsis style={{ display: 'block' }}>
          {workspace.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {ROLE_LABELS[workspace.role]} · {own ? 'Personal' : members}
        </Typography.Text>
      </div>
      {current && (
        <>
          <CheckOutlined aria-hidden />
          <VisuallyHidden>(current)</VisuallyHidden>
        </>
      )}
    </Flex>
  );
}

/**
 * The current workspace and its role, at the top of the navigation (so it is in the side bar on a
 * desktop and in the menu drawer on a phone); its menu switches workspace, creates one, or opens
 * the settings.
 */
export function WorkspaceSwitcher({ onDone }: WorkspaceSwitcherProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const workspaces = useWorkspaces(user !== null);
  const switchTo = useSwitchWorkspace();
  const current = user?.workspace;
  if (!current) return null;

  const list: NonNullable<MenuProps['items']> = workspaces.data
    ? workspaces.data.map((workspace) => ({
        key: `${WORKSPACE_PREFIX}${workspace.id}`,
        // 'personal' marks anyone's personal workspace; the user's own has the user's id.
        label: <WorkspaceOption workspace={workspace} current={workspace.id === current.id} own={workspace.id === user?.id} />,
      }))
    : [{ key: 'loading', disabled: true, label: workspaces.isError ? 'Could not load your workspaces' : 'Loading workspaces...' }];

  const items: MenuProps['items'] = [
    { type: 'group', key: 'workspaces', label: 'Your workspaces', children: list },
    { type: 'divider' },
    { key: CREATE, icon: <PlusOutlined aria-hidden />, label: 'Create workspace' },
    { key: SETTINGS, icon: <SettingOutlined aria-hidden />, label: 'Workspace settings' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === CREATE) {
      setCreating(true);
    } else if (key === SETTINGS) {
      navigate('/workspace');
      onDone?.();
    } else if (key.startsWith(WORKSPACE_PREFIX)) {
      const id = key.slice(WORKSPACE_PREFIX.length);
      if (id === current.id) return;
      switchTo.mutate(id, { onSuccess: () => onDone?.() });
    }
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick, 'aria-label': 'Switch workspace' }}
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        placement="bottomLeft"
        styles={{ root: { minWidth: 232, maxWidth: 'calc(100vw - 32px)' } }}
      >
        <Button
          type="text"
          block
          aria-haspopup="menu"
          aria-expanded={open}
          loading={switchTo.isPending}
          data-testid="workspace-switcher"
          style={{
            height: 'auto',
            padding: '8px 10px',
            border: `1px solid ${token.colorBorderSecondary}`,
            justifyContent: 'flex-start',
            textAlign: 'start',
          }}
        >
          <Flex align="center" gap={10} style={{ width: '100%', minWidth: 0 }}>
            <WorkspaceMark name={current.name} size={32} />
            <span style={{ minWidth: 0, flex: 1, lineHeight: 1.3 }}>
              <VisuallyHidden>Current workspace: </VisuallyHidden>
              <Typography.Text strong ellipsis style={{ display: 'block' }}>
                {current.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {ROLE_LABELS[current.role]}
              </Typography.Text>
            </span>
            <DownOutlined aria-hidden style={{ fontSize: 12, color: token.colorTextSecondary }} />
          </Flex>
        </Button>
      </Dropdown>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} onCreated={onDone} />
    </>
  );
}
