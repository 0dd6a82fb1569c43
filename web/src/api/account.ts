import { answer, api, oneFile, type Schemas } from './client';
import { resetCsrfToken } from './http';

export type NotificationPreferences = Schemas['NotificationPreferencesDto'];
export type PublicUser = Schemas['PublicUserDto'];

export function updateProfile(body: Schemas['ProfileUpdateDto']): Promise<PublicUser> {
  return answer(api.PUT('/api/auth/profile', { body }));
}

export function getPreferences(): Promise<NotificationPreferences> {
  return answer(api.GET('/api/auth/preferences'));
}

export function savePreferences(body: NotificationPreferences): Promise<NotificationPreferences> {
  return answer(api.PUT('/api/auth/preferences', { body }));
}

export async function logoutAllDevices(): Promise<void> {
  await answer(api.POST('/api/auth/logout-all', { cache: 'no-store' }));
  resetCsrfToken();
}

/** POST /api/auth/profile/photo, multipart field "image". */
export function uploadProfilePhoto(file: File): Promise<PublicUser> {
  return answer(api.POST('/api/auth/profile/photo', oneFile('image', file)));
}
export type ProfileUpdate = Schemas['ProfileUpdateDto'];
