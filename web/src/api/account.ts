import type { NotificationPreferences, ProfileUpdate, PublicUser } from '@inventory/contracts';
import { http, resetCsrfToken } from './http';

export type { NotificationPreferences };

export function updateProfile(body: ProfileUpdate): Promise<PublicUser> {
  return http.put<PublicUser>('/api/auth/profile', body);
}

export function getPreferences(): Promise<NotificationPreferences> {
  return http.get<NotificationPreferences>('/api/auth/preferences');
}

export function savePreferences(body: NotificationPreferences): Promise<NotificationPreferences> {
  return http.put<NotificationPreferences>('/api/auth/preferences', body);
}

export async function logoutAllDevices(): Promise<void> {
  await http.post<void>('/api/auth/logout-all', undefined, { noCache: true });
  resetCsrfToken();
}

/** POST /api/auth/profile/photo, multipart field "image". */
export function uploadProfilePhoto(file: File): Promise<PublicUser> {
  return http.upload<PublicUser>('/api/auth/profile/photo', 'image', file);
}
