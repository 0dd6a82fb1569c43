import { useQuery } from '@tanstack/react-query';
import { deleteUser, listAllWorkspaces, listUsers, updateUser, type AdminUserUpdate } from '../../api/users';
import { queryKeys } from '../../api/query-keys';
import { useToastMutation } from '../../lib/use-toast-mutation';

/** spec §6: the list is fetched only for a super admin. */
export function useAdminUsers(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.users.list(), queryFn: listUsers, enabled });
}

/** Every workspace with its size and owners, for the super admin. */
export function useAllWorkspaces(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.users.workspaces(), queryFn: listAllWorkspaces, enabled });
}

// An admin may edit themselves: the current user is refreshed too.
const USER_READERS = [queryKeys.users.all, queryKeys.auth.user()];

export const useUpdateUser = () =>
  useToastMutation({
    mutationFn: (body: AdminUserUpdate) => updateUser(body),
    success: { title: 'Success', description: 'User updated successfully' },
    failure: 'Failed to update user',
    invalidates: USER_READERS,
  });

export const useDeleteUser = () =>
  useToastMutation({
    mutationFn: (id: string) => deleteUser(id),
    success: { title: 'Success', description: 'User deleted successfully' },
    failure: 'Failed to delete user',
    invalidates: USER_READERS,
  });
