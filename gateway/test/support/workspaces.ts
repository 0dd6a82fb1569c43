import type { CreatedInvitation, RegisterRequest, WorkspaceRole, WorkspaceSummary } from '@inventory/contracts';
import { json, signUp, uniqueEmail, type ApiClient, type SignedUp } from './api-client.js';

async function ok<T>(res: Promise<Response>, status: number): Promise<T> {
  const answer = await json<T>(res);
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A new shared workspace of the owner's, switched to. */
export async function sharedWorkspace(owner: ApiClient, name = 'Shop'): Promise<WorkspaceSummary> {
  const workspace = await ok<WorkspaceSummary>(owner.post('/api/workspaces', { name }), 201);
  await ok(owner.post(`/api/workspaces/${workspace.id}/switch`), 200);
  return workspace;
}

/** A fresh user (named as `profile` says) invited to the workspace with the role, who accepted and switched to it. */
export async function joinedAs(
  baseUrl: string,
  inviter: ApiClient,
  workspaceId: string,
  role: WorkspaceRole,
  profile: Partial<RegisterRequest> = {},
): Promise<SignedUp> {
  const email = uniqueEmail(role);
  const invitation = await ok<CreatedInvitation>(inviter.post(`/api/workspaces/${workspaceId}/invitations`, { email, role }), 201);
  const invitee = await signUp(baseUrl, { ...profile, email });
  await ok(invitee.client.post(`/api/invitations/${invitation.token}/accept`), 200);
  await ok(invitee.client.post(`/api/workspaces/${workspaceId}/switch`), 200);
  return invitee;
}
