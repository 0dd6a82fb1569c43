import { DeleteOutlined, LogoutOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Flex, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import type { CurrentWorkspace, WorkspaceMember, WorkspaceRole } from '../../../api/workspaces';
import { useIsMobile } from '../../../lib/use-media-query';
import { avatarText, displayName } from '../../../lib/user-display';
import type { WorkspaceAccess } from '../access';
import { useChangeMemberRole, useLeaveWorkspace, useMembers, useRemoveMember } from '../hooks';
import { ROLE_LABELS, roleOptions } from '../roles';
import { SectionTitle } from './SectionTitle';

interface MembersCardProps {
  workspace: CurrentWorkspace;
  access: WorkspaceAccess;
  userId: string;
  /** The caller's own personal workspace: it cannot be left. */
  ownPersonal: boolean;
}

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * Everyone in the workspace. Owners and admins change roles and remove members (an owner's row only
 * by an owner); everyone may leave, except their own personal workspace. Others see the list only.
 */
export function MembersCard({ workspace, access, userId, ownPersonal }: MembersCardProps) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const members = useMembers(workspace.id);
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const leave = useLeaveWorkspace();

  // An admin may not touch an owner; only an owner hands out or takes away 'owner'.
  const manages = (member: WorkspaceMember) => access.canManageMembers && (access.isOwner || member.role !== 'owner');
  const target = (member: WorkspaceMember) => ({ workspaceId: workspace.id, userId: member.userId, name: displayName(member) });

  const leaveWorkspace = (member: WorkspaceMember) =>
    leave
      .mutateAsync({ ...target(member), name: workspace.name })
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);

  const roleCell = (role: WorkspaceRole, member: WorkspaceMember) =>
    manages(member) ? (
      <Select<WorkspaceRole>
        aria-label={`Role of ${displayName(member)}`}
        value={role}
        options={roleOptions(access.isOwner)}
        disabled={changeRole.isPending && changeRole.variables?.userId === member.userId}
        onChange={(next) => changeRole.mutate({ ...target(member), role: next })}
        style={{ width: 120 }}
      />
    ) : (
      <Tag>{ROLE_LABELS[role]}</Tag>
    );

  const actionCell = (member: WorkspaceMember) => {
    const name = displayName(member);
    if (member.userId === userId) {
      if (ownPersonal) return null;
      return (
        <Popconfirm
          title={`Leave ${workspace.name}?`}
          description="You lose access to its items, stock and reports until someone invites you again."
          okText="Leave"
          okButtonProps={{ danger: true }}
          cancelText="Cancel"
          onConfirm={() => leaveWorkspace(member)}
        >
          <Button size="small" danger icon={<LogoutOutlined />} aria-label="Leave workspace" loading={leave.isPending}>
            Leave
          </Button>
        </Popconfirm>
      );
    }
    if (!manages(member)) return null;
    return (
      <Popconfirm
        title={`Remove ${name}?`}
        description={`${name} loses access to ${workspace.name}.`}
        okText="Remove"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() => remove.mutateAsync(target(member)).catch(() => undefined)}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Remove ${name}`}
          loading={remove.isPending && remove.variables?.userId === member.userId}
        >
          Remove
        </Button>
      </Popconfirm>
    );
  };

  const columns: ColumnsType<WorkspaceMember> = [
    {
      title: 'Member',
      key: 'member',
      render: (_, member) => (
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          <Avatar style={{ background: '#2563eb', flexShrink: 0 }} aria-hidden>
            {avatarText(member)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {displayName(member)}
            </Typography.Text>
            {member.userId === userId && <Tag style={{ marginInlineStart: 8 }}>You</Tag>}
            {member.email && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, overflowWrap: 'anywhere' }}>
                {member.email}
              </Typography.Text>
            )}
            {/* A phone has no room for a role column: the role goes under the name. */}
            {isMobile && <div style={{ marginTop: 8 }}>{roleCell(member.role, member)}</div>}
          </div>
        </Flex>
      ),
    },
    ...(isMobile
      ? []
      : [
          { title: 'Role', dataIndex: 'role', key: 'role', render: roleCell },
          {
            title: 'Joined',
            dataIndex: 'joinedAt',
            key: 'joinedAt',
            render: (joinedAt: string) => joinedFormat.format(new Date(joinedAt)),
          },
        ]),
    { title: 'Actions', key: 'actions', align: 'end', render: (_, member) => actionCell(member) },
  ];

  return (
    <Card title={<SectionTitle>Members</SectionTitle>} styles={{ body: { paddingInline: 0, paddingBlock: 8 } }}>
      {members.isError ? (
        <Alert type="error" showIcon title={errorMessage(members.error, 'Failed to load the members')} style={{ margin: 16 }} />
      ) : (
        <Table<WorkspaceMember>
          rowKey="userId"
          columns={columns}
          dataSource={members.data ?? []}
          loading={members.isLoading}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          size="middle"
          locale={{ emptyText: <Typography.Text type="secondary">No members</Typography.Text> }}
        />
      )}
      {!access.canManageMembers && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 16px 0' }}>
          Only owners and admins can invite people or change roles.
        </Typography.Paragraph>
      )}
    </Card>
  );
}
