import { Inject, Injectable } from '@nestjs/common';
import {
  WorkspaceSubjects as S,
  type AcceptedInvitation,
  type Actor,
  type CreatedInvitation,
  type CurrentWorkspace,
  type WorkspaceMember,
} from '@inventory/contracts';
import type { Request } from 'express';
import { AUTH_SETTINGS, type AuthSettings } from '../auth/auth-settings.js';
import { IdentityClient } from '../nats/service-clients.js';
import { SessionsService } from '../auth/session/sessions.service.js';

/**
 * Workspace calls that change who may see what also change sessions: the caller's (a switch, an
 * accepted invitation) or every session of the members concerned, before the answer goes out, so
 * the next request anywhere runs with the change (docs/workspaces.md).
 */
@Injectable()
export class WorkspacesService {
  constructor(
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  async switch(actor: Actor, id: string, req: Request): Promise<CurrentWorkspace> {
    const workspace = await this.identity.call(S.switch, { id }, actor);
    await this.sessions.enterWorkspace(req, workspace);
    return workspace;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const { change } = await this.identity.call(S.delete, { id }, actor);
    await this.sessions.applyMembershipChanges([change]);
  }

  async changeRole(actor: Actor, id: string, userId: string, role: WorkspaceMember['role']): Promise<WorkspaceMember> {
    const { member, change } = await this.identity.call(S.changeMemberRole, { id, userId, role }, actor);
    await this.sessions.applyMembershipChanges([change]);
    return member;
  }

  async removeMember(actor: Actor, id: string, userId: string): Promise<void> {
    const { change } = await this.identity.call(S.removeMember, { id, userId }, actor);
    await this.sessions.applyMembershipChanges([change]);
  }

  async invite(actor: Actor, id: string, body: { email: string; role: WorkspaceMember['role'] }, req: Request): Promise<CreatedInvitation> {
    const invitation = await this.identity.call(S.invite, { id, ...body }, actor);
    const origin = this.settings.publicUrl ?? `${req.protocol}://${req.host}`;
    return { ...invitation, url: `${origin}/invite/${invitation.token}` };
  }

  async accept(actor: Actor, token: string, req: Request): Promise<AcceptedInvitation> {
    const accepted = await this.identity.call(S.acceptInvitation, { token }, actor);
    await this.sessions.enterWorkspace(req, accepted.workspace);
    return accepted;
  }
}
