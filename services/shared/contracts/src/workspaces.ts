import type { WorkspaceRole } from './envelope.js';

/**
 * Workspaces, members and invitations (docs/workspaces.md). Owned by the identity service: the
 * other services learn a membership only from the envelope's actor.
 */
export const WorkspaceSubjects = {
  list: 'identity.workspaces.list',
  create: 'identity.workspaces.create',
  rename: 'identity.workspaces.rename',
  delete: 'identity.workspaces.delete',
  switch: 'identity.workspaces.switch',
  listMembers: 'identity.workspaces.members.list',
  changeMemberRole: 'identity.workspaces.members.change-role',
  removeMember: 'identity.workspaces.members.remove',
  invite: 'identity.workspaces.invitations.create',
  listInvitations: 'identity.workspaces.invitations.list',
  revokeInvitation: 'identity.workspaces.invitations.revoke',
  previewInvitation: 'identity.invitations.preview',
  acceptInvitation: 'identity.invitations.accept',
  listAll: 'identity.workspaces.list-all',
} as const;

export const WORKSPACE_NAME_MAX_LENGTH = 100;
/** Days an invitation link stays valid. */
export const INVITATION_VALID_DAYS = 7;
/** Pending invitations a workspace may hold at once (a bound on what one admin can create). */
export const MAX_PENDING_INVITATIONS = 100;

export const WorkspaceMessages = {
  nameRequired: 'Workspace name is required',
  nameTooLong: `Workspace name must be at most ${WORKSPACE_NAME_MAX_LENGTH} characters`,
  notFound: 'Workspace not found',
  memberNotFound: 'Member not found',
  invalidRole: 'Role must be owner, admin, member or viewer',
  /** A viewer's write, a member managing members, an admin touching an owner. */
  roleForbids: 'Your role in this workspace does not allow this',
  lastOwner: 'A workspace must keep at least one owner',
  undoOthersForbidden: 'You can undo only the movements you recorded',
  personalCannotBeDeleted: 'Your personal workspace cannot be deleted',
  invitationNotFound: 'This invitation is not valid: it may have expired, been used or been revoked',
  invitationWrongEmail: 'This invitation was sent to a different email address. Sign in with that address to accept it.',
  alreadyMember: 'You are already a member of this workspace',
  alreadyInvited: 'This email address already has a pending invitation',
  tooManyInvitations: `A workspace can hold at most ${MAX_PENDING_INVITATIONS} pending invitations`,
} as const;

/** The session's workspace, as GET /api/auth/user shows it. */
export interface CurrentWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
}

/** GET /api/workspaces: the caller's workspaces. */
export interface WorkspaceSummary extends CurrentWorkspace {
  memberCount: number;
  /** The user's own workspace (made at sign-up, id = the user's id): it cannot be deleted. */
  personal: boolean;
}

/** GET /api/admin/workspaces (super admin). */
export interface WorkspaceListing {
  id: string;
  name: string;
  memberCount: number;
  ownerEmails: string[];
  createdAt: string;
}

export interface WorkspaceMember {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: WorkspaceRole;
  joinedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: WorkspaceRole;
  invitedBy: string;
  expiresAt: string;
  createdAt: string;
}

/** The answer to creating an invitation: the only time its token is shown. */
export interface CreatedInvitation extends Invitation {
  token: string;
  /** The link to send: `/invite/<token>` on the web app's origin. */
  url: string;
}

/** GET /api/invitations/:token (public). */
export interface InvitationPreview {
  workspaceName: string;
  inviterName: string;
  role: WorkspaceRole;
  email: string;
  expiresAt: string;
}

export interface WorkspaceRef {
  id: string;
}
export interface WorkspaceNameRequest {
  name: string;
}
export interface WorkspaceRenameRequest extends WorkspaceRef, WorkspaceNameRequest {}
export interface MemberRef extends WorkspaceRef {
  userId: string;
}
export interface MemberRoleRequest extends MemberRef {
  role: WorkspaceRole;
}
export interface InvitationRequest extends WorkspaceRef {
  email: string;
  role: WorkspaceRole;
}
export interface InvitationRef extends WorkspaceRef {
  invitationId: string;
}
export interface InvitationTokenRequest {
  token: string;
}

/**
 * Whose sessions a membership change touches, so the gateway can update them at once (the
 * session holds the current workspace and role; docs/workspaces.md).
 */
export interface MembershipChange {
  workspaceId: string;
  /** Members whose role changed. */
  changed: { userId: string; role: WorkspaceRole }[];
  /** Users who lost the workspace: their sessions move to their personal workspace. */
  removed: string[];
}

export interface MemberRoleResult {
  member: WorkspaceMember;
  change: MembershipChange;
}
export interface MemberRemovalResult {
  change: MembershipChange;
}
export interface WorkspaceDeletion {
  change: MembershipChange;
}
export interface AcceptedInvitation {
  workspace: CurrentWorkspace;
}

export interface WorkspacesRpc {
  [WorkspaceSubjects.list]: { request: void; response: WorkspaceSummary[] };
  [WorkspaceSubjects.create]: { request: WorkspaceNameRequest; response: WorkspaceSummary };
  [WorkspaceSubjects.rename]: { request: WorkspaceRenameRequest; response: WorkspaceSummary };
  [WorkspaceSubjects.delete]: { request: WorkspaceRef; response: WorkspaceDeletion };
  [WorkspaceSubjects.switch]: { request: WorkspaceRef; response: CurrentWorkspace };
  [WorkspaceSubjects.listMembers]: { request: WorkspaceRef; response: WorkspaceMember[] };
  [WorkspaceSubjects.changeMemberRole]: { request: MemberRoleRequest; response: MemberRoleResult };
  [WorkspaceSubjects.removeMember]: { request: MemberRef; response: MemberRemovalResult };
  [WorkspaceSubjects.invite]: { request: InvitationRequest; response: Omit<CreatedInvitation, 'url'> };
  [WorkspaceSubjects.listInvitations]: { request: WorkspaceRef; response: Invitation[] };
  [WorkspaceSubjects.revokeInvitation]: { request: InvitationRef; response: InvitationRef };
  [WorkspaceSubjects.previewInvitation]: { request: InvitationTokenRequest; response: InvitationPreview };
  [WorkspaceSubjects.acceptInvitation]: { request: InvitationTokenRequest; response: AcceptedInvitation };
  [WorkspaceSubjects.listAll]: { request: void; response: WorkspaceListing[] };
}
