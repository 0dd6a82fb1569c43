import type { ProfileUpdate } from '../../api/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiToken, listApiTokens, revokeApiToken, type ApiTokenRequest } from '../../api/api-tokens';
import {
  getPreferences,
  logoutAllDevices,
  savePreferences,
  updateProfile,
  uploadProfilePhoto,
  type NotificationPreferences,
} from '../../api/account';
import { errorMessage } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../lib/toast';
import { useToastMutation } from '../../lib/use-toast-mutation';

function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.user() });
}

export function useUpdateProfile() {
  const toast = useToast();
  const refresh = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => updateProfile(body),
    onSuccess: async () => {
      toast({ title: 'Profile updated successfully' });
      await refresh();
    },
    // spec §8 leaves profile failures unhandled; a taken email deserves a visible answer.
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to update profile'), variant: 'destructive' }),
  });
}

export function useUploadProfilePhoto() {
  const toast = useToast();
  const refresh = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePhoto(file),
    onSuccess: async () => {
      toast({ title: 'Profile photo updated' });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: `Failed to upload image: ${errorMessage(error, error.message)}`,
        variant: 'destructive',
      }),
  });
}

export function usePreferences() {
  return useQuery({ queryKey: queryKeys.account.preferences(), queryFn: getPreferences });
}

export function useSavePreferences() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) => savePreferences(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.account.preferences(), saved);
      toast({ title: 'Preferences saved' });
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save preferences'), variant: 'destructive' }),
  });
}

/** Every session ends, this one included: clear the cache and reload like a logout. */
export function useLogoutAllDevices() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logoutAllDevices(),
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to log out from all devices'), variant: 'destructive' }),
  });
}

/** The user's API tokens; not read for the demo account, which cannot hold any. */
export function useApiTokens(enabled = true) {
  return useQuery({ queryKey: queryKeys.apiTokens.list(), queryFn: listApiTokens, enabled });
}

export const useCreateApiToken = () =>
  useToastMutation({
    mutationFn: (body: ApiTokenRequest) => createApiToken(body),
    success: (token) => ({ title: 'Token created', description: `Copy ${token.name} now: it will not be shown again.` }),
    failure: 'Failed to create the token',
    invalidates: [queryKeys.apiTokens.all],
  });

export const useRevokeApiToken = () =>
  useToastMutation({
    mutationFn: ({ id }: { id: string; name: string }) => revokeApiToken(id),
    success: (_, { name }) => ({ title: 'Token revoked', description: `${name} no longer works anywhere.` }),
    failure: 'Failed to revoke the token',
    invalidates: [queryKeys.apiTokens.all],
  });
