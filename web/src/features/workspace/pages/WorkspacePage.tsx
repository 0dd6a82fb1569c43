import { Flex } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../auth/hooks';
import { workspaceAccess } from '../access';
import { DeleteWorkspaceCard } from '../components/DeleteWorkspaceCard';
import { ExpiryWarningCard } from '../components/ExpiryWarningCard';
import { InvitationsCard } from '../components/InvitationsCard';
import { InviteCard } from '../components/InviteCard';
import { MembersCard } from '../components/MembersCard';
import { WorkspaceDetailsCard } from '../components/WorkspaceDetailsCard';
import { useWorkspaces } from '../hooks';

/**
 * Settings of the current workspace: its name, members and their roles, invitations, and deleting
 * it. What shows follows the caller's role; members and viewers see the member list only.
 */
export function WorkspacePage() {
  const { user } = useAuth();
  const workspaces = useWorkspaces(user !== null);
  if (!user) return null;
  const { workspace } = user;
  const access = workspaceAccess(workspace.role);
  const summary = workspaces.data?.find((candidate) => candidate.id === workspace.id);
  // A personal workspace's id is its user's (contracts, workspaces.ts): known before the list loads.
  const ownPersonal = workspace.id === user.id;
  const personal = summary?.personal ?? ownPersonal;

  return (
    <>
      <PageHeader title="Workspace Settings" description={`Members, invitations and settings of ${workspace.name}`} />
      <Flex vertical gap={16} style={{ maxWidth: 960 }}>
        <WorkspaceDetailsCard
          workspace={workspace}
          personal={personal}
          memberCount={summary?.memberCount}
          canRename={access.canManageMembers}
        />
        <MembersCard workspace={workspace} access={access} userId={user.id} ownPersonal={ownPersonal} />
        {access.canManageMembers && <InviteCard workspaceId={workspace.id} isOwner={access.isOwner} />}
        {access.canManageMembers && <InvitationsCard workspaceId={workspace.id} />}
        <ExpiryWarningCard workspaceId={workspace.id} canChange={access.canManageMembers} />
        {access.isOwner && !personal && <DeleteWorkspaceCard workspace={workspace} />}
      </Flex>
    </>
  );
}
