import type { PublicUser, Role, UserUpdate, WorkspaceListing } from '@inventory/contracts';
import { http } from './http';

export type AdminUser = PublicUser;
export type { Role };
export type AdminUserUpdate = UserUpdate;

export function listUsers(): Promise<AdminUser[]> {
  return http.get<AdminUser[]>('/api/admin/users');
}

export function updateUser({ id, ...body }: AdminUserUpdate): Promise<AdminUser> {
  return http.put<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, body);
}

export function deleteUser(id: string): Promise<void> {
  return http.delete<void>(`/api/admin/users/${encodeURIComponent(id)}`);
}

/** Every workspace, newest first (super admin). */
export function listAllWorkspaces(): Promise<WorkspaceListing[]> {
  return http.get<WorkspaceListing[]>('/api/admin/workspaces');
}
