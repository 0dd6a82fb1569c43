import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentitySubjects,
  type Actor,
  type CurrentUser,
  type NotificationPreferences,
  type ProfilePhotoResult,
  type PublicUser,
} from '@inventory/contracts';
import { RpcActor } from '@inventory/platform';
import { NotificationPreferencesDto, ProfilePhotoDto, ProfileUpdateDto } from './profile.dto.js';
import { ProfileService } from './profile.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';

@Controller()
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly workspaces: WorkspacesService,
  ) {}

  @MessagePattern(IdentitySubjects.getProfile)
  /** With the session's workspace, or the user's last used one if they are no longer in it. */
  async get(@RpcActor() actor: Actor): Promise<CurrentUser> {
    return this.workspaces.withWorkspace(await this.profile.get(actor), actor.workspaceId);
  }

  @MessagePattern(IdentitySubjects.updateProfile)
  update(@RpcActor() actor: Actor, @Payload('data') dto: ProfileUpdateDto): Promise<PublicUser> {
    return this.profile.update(actor, dto);
  }

  @MessagePattern(IdentitySubjects.setProfilePhoto)
  setPhoto(@RpcActor() actor: Actor, @Payload('data') dto: ProfilePhotoDto): Promise<ProfilePhotoResult> {
    return this.profile.setPhoto(actor, dto);
  }

  @MessagePattern(IdentitySubjects.getPreferences)
  preferences(@RpcActor() actor: Actor): Promise<NotificationPreferences> {
    return this.profile.preferences(actor);
  }

  @MessagePattern(IdentitySubjects.updatePreferences)
  updatePreferences(@RpcActor() actor: Actor, @Payload('data') dto: NotificationPreferencesDto): Promise<NotificationPreferences> {
    return this.profile.updatePreferences(actor, dto);
  }
}
