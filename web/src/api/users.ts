import { answer, api, type Schemas } from './client';

export type AdminUser = Schemas['PublicUserDto'];
export type Role = AdminUser['role'];
export type AdminUserUpdate = Schemas['AdminUserUpdateDto'] & { id: string };

export function listUsers(): Promise<AdminUser[]> {
  return answer(api.GET('/api/admin/users'));
}

export function updateUser({ id, ...body }: AdminUserUpdate): Promise<AdminUser> {
  return answer(api.PUT('/api/admin/users/{id}', { params: { path: { id } }, body }));
}

export async function deleteUser(id: string): Promise<void> {
  await answer(api.DELETE('/api/admin/users/{id}', { params: { path: { id } } }));
}

/** Every workspace, newest first (super admin). */
export function listAllWorkspaces(): Promise<Schemas['WorkspaceListingDto'][]> {
  return answer(api.GET('/api/admin/workspaces'));
}
export type WorkspaceListing = Schemas['WorkspaceListingDto'];
