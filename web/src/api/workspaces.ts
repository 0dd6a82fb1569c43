import { answer, api, type Schemas } from './client';

export type WorkspaceSummary = Schemas['WorkspaceSummaryDto'];
export type CurrentWorkspace = Schemas['CurrentWorkspaceDto'];
export type WorkspaceMember = Schemas['WorkspaceMemberDto'];
export type WorkspaceRole = WorkspaceMember['role'];
export type Invitation = Schemas['InvitationDto'];
export type CreatedInvitation = Schemas['CreatedInvitationDto'];
export type InvitationPreview = Schemas['InvitationPreviewDto'];

const workspace = (id: string) => ({ params: { path: { id } } });
const member = (id: string, userId: string) => ({ params: { path: { id, userId } } });
const invitation = (token: string) => ({ params: { path: { token } } });

export function listWorkspaces(): Promise<WorkspaceSummary[]> {
  return answer(api.GET('/api/workspaces'));
}

/** The caller becomes its owner; the session stays where it is until a switch. */
export function createWorkspace(name: string): Promise<WorkspaceSummary> {
  return answer(api.POST('/api/workspaces', { body: { name } }));
}

export function renameWorkspace({ id, name }: { id: string; name: string }): Promise<WorkspaceSummary> {
  return answer(api.PATCH('/api/workspaces/{id}', { ...workspace(id), body: { name } }));
}

export async function deleteWorkspace(id: string): Promise<void> {
  await answer(api.DELETE('/api/workspaces/{id}', workspace(id)));
}

/** Moves the session: every later call reads and writes the workspace switched to. */
export function switchWorkspace(id: string): Promise<CurrentWorkspace> {
  return answer(api.POST('/api/workspaces/{id}/switch', workspace(id)));
}

export function listMembers(id: string): Promise<WorkspaceMember[]> {
  return answer(api.GET('/api/workspaces/{id}/members', workspace(id)));
}

export function changeMemberRole({ id, userId, role }: { id: string; userId: string; role: WorkspaceRole }): Promise<WorkspaceMember> {
  return answer(api.PATCH('/api/workspaces/{id}/members/{userId}', { ...member(id, userId), body: { role } }));
}

/** Removing oneself is leaving the workspace. */
export async function removeMember({ id, userId }: { id: string; userId: string }): Promise<void> {
  await answer(api.DELETE('/api/workspaces/{id}/members/{userId}', member(id, userId)));
}

export function createInvitation({ id, email, role }: { id: string; email: string; role: WorkspaceRole }): Promise<CreatedInvitation> {
  return answer(api.POST('/api/workspaces/{id}/invitations', { ...workspace(id), body: { email, role } }));
}

/** Pending invitations (never their tokens). */
export function listInvitations(id: string): Promise<Invitation[]> {
  return answer(api.GET('/api/workspaces/{id}/invitations', workspace(id)));
}

export async function revokeInvitation({ id, invitationId }: { id: string; invitationId: string }): Promise<void> {
  await answer(api.DELETE('/api/workspaces/{id}/invitations/{invitationId}', { params: { path: { id, invitationId } } }));
}

/** Public: who invites whom to what. 404 once used, expired or revoked. */
export function getInvitation(token: string): Promise<InvitationPreview> {
  return answer(api.GET('/api/invitations/{token}', invitation(token)));
}

/** Joins the workspace and moves the session into it. */
export function acceptInvitation(token: string): Promise<Schemas['AcceptedInvitationDto']> {
  return answer(api.POST('/api/invitations/{token}/accept', invitation(token)));
}
