import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import {
  acceptInvitation,
  changeMemberRole,
  createInvitation,
  createWorkspace,
  deleteWorkspace,
  getInvitation,
  listInvitations,
  listMembers,
  listWorkspaces,
  removeMember,
  renameWorkspace,
  revokeInvitation,
  switchWorkspace,
  type WorkspaceRole,
} from '../../api/workspaces';
import { useToastMutation } from '../../lib/use-toast-mutation';
import { roleWithArticle } from './roles';
import { enterWorkspace, refetchCurrentWorkspace } from './workspace-cache';

export function useWorkspaces(enabled = true) {
  return useQuery({ queryKey: queryKeys.workspaces.list(), queryFn: listWorkspaces, enabled });
}

export function useMembers(workspaceId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.workspaces.members(workspaceId ?? ''),
    queryFn: () => listMembers(workspaceId!),
    enabled: workspaceId !== undefined,
  });
}

/** Pending invitations: only those who manage members may list them. */
export function useInvitations(workspaceId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.workspaces.invitations(workspaceId ?? ''),
    queryFn: () => listInvitations(workspaceId!),
    enabled: enabled && workspaceId !== undefined,
  });
}

/**
 * The public preview of an invitation; a 404 (used, expired, revoked) is an answer, not retried.
 * Read afresh on every visit: a link used a minute ago must not look valid from the cache.
 */
export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: queryKeys.invitation(token), queryFn: () => getInvitation(token), retry: false, staleTime: 0 });
}

// What a membership change can alter: the member list, the counts in the switcher, and the
// current user's own role.
const MEMBERSHIP_READERS = [queryKeys.workspaces.all, queryKeys.auth.user()];

export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (id: string) => switchWorkspace(id),
    success: (workspace) => ({ title: `Switched to ${workspace.name}` }),
    failure: 'Failed to switch workspace',
    // The cache is emptied by the workspace watcher (workspace-cache.ts) once the user shows the switch.
    onSuccess: (workspace) => enterWorkspace(queryClient, workspace),
    invalidates: [],
  });
}

/** Creates a workspace and moves into it: a new workspace is made to be worked in. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: async (name: string) => switchWorkspace((await createWorkspace(name)).id),
    success: (workspace) => ({ title: `Switched to ${workspace.name}`, description: 'Your new workspace is ready.' }),
    failure: 'Failed to create workspace',
    onSuccess: (workspace) => enterWorkspace(queryClient, workspace),
    invalidates: [],
  });
}

export const useRenameWorkspace = () =>
  useToastMutation({
    mutationFn: (body: { id: string; name: string }) => renameWorkspace(body),
    success: (workspace) => ({ title: 'Workspace renamed', description: `The workspace is now called ${workspace.name}.` }),
    failure: 'Failed to rename workspace',
    invalidates: MEMBERSHIP_READERS,
  });

/** The server moves the session to the personal workspace; the user is refetched to show it. */
export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ id }: { id: string; name: string }) => deleteWorkspace(id),
    success: (_, { name }) => ({ title: 'Workspace deleted', description: `${name} and everything in it have been deleted.` }),
    failure: 'Failed to delete workspace',
    onSuccess: () => refetchCurrentWorkspace(queryClient),
    invalidates: [],
  });
}

export interface MemberTarget {
  workspaceId: string;
  userId: string;
  /** For the toast. */
  name: string;
}

export const useChangeMemberRole = () =>
  useToastMutation({
    mutationFn: ({ workspaceId, userId, role }: MemberTarget & { role: WorkspaceRole }) =>
      changeMemberRole({ id: workspaceId, userId, role }),
    success: (_, { name, role }) => ({ title: 'Role updated', description: `${name} is now ${roleWithArticle(role)}.` }),
    failure: 'Failed to change the role',
    invalidates: MEMBERSHIP_READERS,
  });

export const useRemoveMember = () =>
  useToastMutation({
    mutationFn: ({ workspaceId, userId }: MemberTarget) => removeMember({ id: workspaceId, userId }),
    success: (_, { name }) => ({ title: 'Member removed', description: `${name} no longer has access to this workspace.` }),
    failure: 'Failed to remove the member',
    invalidates: MEMBERSHIP_READERS,
  });

/** Leaving is removing oneself; the server moves the session to the personal workspace. */
export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ workspaceId, userId }: MemberTarget) => removeMember({ id: workspaceId, userId }),
    success: (_, { name }) => ({ title: `You left ${name}` }),
    failure: 'Failed to leave the workspace',
    onSuccess: () => refetchCurrentWorkspace(queryClient),
    invalidates: [],
  });
}

export const useCreateInvitation = () =>
  useToastMutation({
    mutationFn: (body: { workspaceId: string; email: string; role: WorkspaceRole }) =>
      createInvitation({ id: body.workspaceId, email: body.email, role: body.role }),
    success: (invitation) => ({ title: 'Invitation created', description: `Copy the link and send it to ${invitation.email}.` }),
    failure: 'Failed to create the invitation',
    invalidates: [queryKeys.workspaces.all],
  });

export const useRevokeInvitation = () =>
  useToastMutation({
    mutationFn: ({ workspaceId, invitationId }: { workspaceId: string; invitationId: string; email: string }) =>
      revokeInvitation({ id: workspaceId, invitationId }),
    success: (_, { email }) => ({ title: 'Invitation revoked', description: `The link sent to ${email} no longer works.` }),
    failure: 'Failed to revoke the invitation',
    invalidates: [queryKeys.workspaces.all],
  });

/** A wrong account (403) or a link gone stale (404) shows the server's sentence. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (token: string) => acceptInvitation(token),
    success: ({ workspace }) => ({
      title: `You joined ${workspace.name}`,
      description: `You are ${roleWithArticle(workspace.role)} of this workspace.`,
    }),
    failure: (error) => ({
      title: 'Could not accept the invitation',
      description: errorMessage(error, 'Please try again.'),
      variant: 'destructive',
    }),
    onSuccess: ({ workspace }) => enterWorkspace(queryClient, workspace),
    invalidates: [],
  });
}
