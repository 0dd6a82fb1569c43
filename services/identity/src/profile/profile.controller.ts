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
