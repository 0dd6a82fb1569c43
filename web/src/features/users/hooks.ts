import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteUser, listUsers, updateUser, type AdminUserUpdate } from '../../api/users';
import { errorMessage } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../lib/toast';

/** SPEC 6: the list is fetched only for a super admin. */
export function useAdminUsers(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.users.list(), queryFn: listUsers, enabled });
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  // An admin may edit themselves: the current user is refreshed too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.auth.user() }),
    ]);
}

export function useUpdateUser() {
  const toast = useToast();
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: AdminUserUpdate) => updateUser(body),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'User updated successfully' });
      await refresh();
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to update user'), variant: 'destructive' }),
  });
}

export function useDeleteUser() {
  const toast = useToast();
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => deleteUser(id),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'User deleted successfully' });
      await refresh();
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete user'), variant: 'destructive' }),
  });
}
