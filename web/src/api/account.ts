import type { NotificationPreferences, ProfileUpdate, PublicUser } from '@inventory/contracts';
import { HttpError, csrfToken, http, resetCsrfToken } from './http';

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

/** Multipart upload (field "image"): the JSON helper cannot send a FormData body. */
export async function uploadProfilePhoto(file: File): Promise<PublicUser> {
  const body = new FormData();
  body.append('image', file);
  const res = await fetch('/api/auth/profile/photo', {
    method: 'POST',
    body,
    credentials: 'include',
    headers: { accept: 'application/json', 'x-csrf-token': await csrfToken() },
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, res.statusText, text);
  return JSON.parse(text) as PublicUser;
}
