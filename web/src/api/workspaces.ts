import type {
  AcceptedInvitation,
  CreatedInvitation,
  CurrentWorkspace,
  Invitation,
  InvitationPreview,
  WorkspaceMember,
  WorkspaceRole,
  WorkspaceSummary,
} from '@inventory/contracts';
import { http } from './http';

export type { CreatedInvitation, CurrentWorkspace, Invitation, InvitationPreview, WorkspaceMember, WorkspaceRole, WorkspaceSummary };

const base = '/api/workspaces';
const workspaceUrl = (id: string) => `${base}/${encodeURIComponent(id)}`;
const memberUrl = (id: string, userId: string) => `${workspaceUrl(id)}/members/${encodeURIComponent(userId)}`;
const invitationsUrl = (id: string) => `${workspaceUrl(id)}/invitations`;
const tokenUrl = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

export function listWorkspaces(): Promise<WorkspaceSummary[]> {
  return http.get<WorkspaceSummary[]>(base);
}

/** The caller becomes its owner; the session stays where it is until a switch. */
export function createWorkspace(name: string): Promise<WorkspaceSummary> {
  return http.post<WorkspaceSummary>(base, { name });
}

export function renameWorkspace({ id, name }: { id: string; name: string }): Promise<WorkspaceSummary> {
  return http.patch<WorkspaceSummary>(workspaceUrl(id), { name });
}

export function deleteWorkspace(id: string): Promise<void> {
  return http.delete<void>(workspaceUrl(id));
}

/** Moves the session: every later call reads and writes the workspace switched to. */
export function switchWorkspace(id: string): Promise<CurrentWorkspace> {
  return http.post<CurrentWorkspace>(`${workspaceUrl(id)}/switch`);
}

export function listMembers(id: string): Promise<WorkspaceMember[]> {
  return http.get<WorkspaceMember[]>(`${workspaceUrl(id)}/members`);
}

export function changeMemberRole({ id, userId, role }: { id: string; userId: string; role: WorkspaceRole }): Promise<WorkspaceMember> {
  return http.patch<WorkspaceMember>(memberUrl(id, userId), { role });
}

/** Removing oneself is leaving the workspace. */
export function removeMember({ id, userId }: { id: string; userId: string }): Promise<void> {
  return http.delete<void>(memberUrl(id, userId));
}

export function createInvitation({ id, email, role }: { id: string; email: string; role: WorkspaceRole }): Promise<CreatedInvitation> {
  return http.post<CreatedInvitation>(invitationsUrl(id), { email, role });
}

/** Pending invitations (never their tokens). */
export function listInvitations(id: string): Promise<Invitation[]> {
  return http.get<Invitation[]>(invitationsUrl(id));
}

export function revokeInvitation({ id, invitationId }: { id: string; invitationId: string }): Promise<void> {
  return http.delete<void>(`${invitationsUrl(id)}/${encodeURIComponent(invitationId)}`);
}

/** Public: who invites whom to what. 404 once used, expired or revoked. */
export function getInvitation(token: string): Promise<InvitationPreview> {
  return http.get<InvitationPreview>(tokenUrl(token));
}

/** Joins the workspace and moves the session into it. */
export function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  return http.post<AcceptedInvitation>(`${tokenUrl(token)}/accept`);
}
