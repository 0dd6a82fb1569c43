import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type Actor, type NotificationPreferences, type ProfilePhotoResult, type PublicUser } from '@inventory/contracts';
import { RpcActor } from '@inventory/platform';
import { NotificationPreferencesDto, ProfilePhotoDto, ProfileUpdateDto } from './profile.dto.js';
import { ProfileService } from './profile.service.js';

@Controller()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @MessagePattern(IdentitySubjects.getProfile)
  get(@RpcActor() actor: Actor): Promise<PublicUser> {
    return this.profile.get(actor);
  }

  @MessagePattern(IdentitySubjects.updateProfile)
  update(@Payload('data') dto: ProfileUpdateDto, @RpcActor() actor: Actor): Promise<PublicUser> {
    return this.profile.update(dto, actor);
  }

  @MessagePattern(IdentitySubjects.setProfilePhoto)
  setPhoto(@Payload('data') dto: ProfilePhotoDto, @RpcActor() actor: Actor): Promise<ProfilePhotoResult> {
    return this.profile.setPhoto(dto, actor);
  }

  @MessagePattern(IdentitySubjects.getPreferences)
  preferences(@RpcActor() actor: Actor): Promise<NotificationPreferences> {
    return this.profile.preferences(actor);
  }

  @MessagePattern(IdentitySubjects.updatePreferences)
  updatePreferences(@Payload('data') dto: NotificationPreferencesDto, @RpcActor() actor: Actor): Promise<NotificationPreferences> {
    return this.profile.updatePreferences(dto, actor);
  }
}
