import type { WorkspaceRole } from '../../api/workspaces';
import { useAuth } from '../auth/hooks';

export interface WorkspaceAccess {
  role: WorkspaceRole | undefined;
  /** Create and edit items, categories and locations; record stock; mark alerts read. */
  canWrite: boolean;
  /** Undo a movement someone else recorded (anyone who writes may undo their own). */
  canUndoOthers: boolean;
  /** Invite, change roles, remove members, rename the workspace. */
  canManageMembers: boolean;
  /** Delete the workspace; make owners and change an owner's role. */
  isOwner: boolean;
}

/**
 * What a role may do, as the server's WorkspacePermissions (contracts, envelope.ts) decides it: the
 * screens only hide what would be refused anyway. No role (no session) may do nothing.
 */
export function workspaceAccess(role: WorkspaceRole | undefined): WorkspaceAccess {
  const manages = role === 'owner' || role === 'admin';
  return {
    role,
    canWrite: role !== undefined && role !== 'viewer',
    canUndoOthers: manages,
    canManageMembers: manages,
    isOwner: role === 'owner',
  };
}

/** Whether the movement recorded by `recordedBy` may be undone by `userId` with this access. */
export function mayUndo(access: WorkspaceAccess, userId: string | undefined, recordedBy: string): boolean {
  return access.canUndoOthers || (access.canWrite && userId !== undefined && userId === recordedBy);
}

/** The signed-in user's rights in the current workspace. */
export function useWorkspaceAccess(): WorkspaceAccess & { userId: string | undefined } {
  const { user } = useAuth();
  return { ...workspaceAccess(user?.workspace?.role), userId: user?.id };
}
