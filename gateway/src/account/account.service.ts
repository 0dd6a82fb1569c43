import { Injectable } from '@nestjs/common';
import { IdentitySubjects, type Actor, type NotificationPreferences, type PublicUser } from '@inventory/contracts';
import type { Request } from 'express';
import { IdentityClient } from '../nats/service-clients.js';
import { SessionsService } from '../auth/session/sessions.service.js';
import type { NotificationPreferencesDto, ProfileUpdateDto } from './account.dto.js';
import { checkedPhoto, type UploadedPhoto } from './photo-upload.js';
import { ProfilePhotoStore } from './profile-photo.store.js';

/** The account screen: profile, photo and notification preferences of the signed-in user. */
@Injectable()
export class AccountService {
  constructor(
    private readonly identity: IdentityClient,
    private readonly photos: ProfilePhotoStore,
    private readonly sessions: SessionsService,
  ) {}

  /** The session's display name follows, so what the user does next is recorded under the new name. */
  async updateProfile(actor: Actor, dto: ProfileUpdateDto, req: Request): Promise<PublicUser> {
    const user = await this.identity.call(IdentitySubjects.updateProfile, dto, actor);
    await this.sessions.rename(req, user);
    return user;
  }

  async changePhoto(actor: Actor, file: UploadedPhoto | undefined): Promise<PublicUser> {
    const photo = await checkedPhoto(file);
    const profileImageUrl = await this.photos.save(actor.userId, photo);
    try {
      const { user, replacedImageUrl } = await this.identity.call(IdentitySubjects.setProfilePhoto, { profileImageUrl }, actor);
      await this.photos.remove(replacedImageUrl);
      return user;
    } catch (error) {
      await this.photos.remove(profileImageUrl);
      throw error;
    }
  }

  preferences(actor: Actor): Promise<NotificationPreferences> {
    return this.identity.call(IdentitySubjects.getPreferences, undefined, actor);
  }

  async updatePreferences(actor: Actor, dto: NotificationPreferencesDto): Promise<NotificationPreferences> {
    const preferences = await this.identity.call(IdentitySubjects.updatePreferences, dto, actor);
    await this.sessions.preferencesChanged(actor.userId);
    return preferences;
  }
}
