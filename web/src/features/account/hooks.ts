import type { ProfileUpdate } from '@inventory/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
    // SPEC 8 leaves profile failures unhandled; a taken email deserves a visible answer.
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
