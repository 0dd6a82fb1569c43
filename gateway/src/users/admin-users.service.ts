import { Injectable } from '@nestjs/common';
import { IdentitySubjects, type Actor, type PublicUser } from '@inventory/contracts';
import { ProfilePhotoStore } from '../account/profile-photo.store.js';
import { IdentityClient } from '../nats/service-clients.js';
import { SessionsService } from '../auth/session/sessions.service.js';
import type { AdminUserUpdateDto } from './admin-users.dto.js';

/** User management for super admins; sessions follow every change at once. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
    private readonly photos: ProfilePhotoStore,
  ) {}

  list(actor: Actor): Promise<PublicUser[]> {
    return this.identity.call(IdentitySubjects.listUsers, undefined, actor);
  }

  async update(actor: Actor, id: string, dto: AdminUserUpdateDto): Promise<PublicUser> {
    const user = await this.identity.call(IdentitySubjects.updateUser, { ...dto, id }, actor);
    await this.sessions.changeRole(user.id, user.role);
    return user;
  }

  /** The account goes (identity announces UserDeleted to the other services), then its sessions and photos. */
  async delete(actor: Actor, id: string): Promise<void> {
    const { workspaceChanges } = await this.identity.call(IdentitySubjects.deleteUser, { id }, actor);
    await this.sessions.endAllOf(id);
    // Members of the workspaces that went with the user move to their own.
    await this.sessions.applyMembershipChanges(workspaceChanges);
    await this.photos.removeAllOf(id);
  }
}
