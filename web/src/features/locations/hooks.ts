import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocationType, UpdateLocationRequest } from '@inventory/contracts';
import { createLocation, deleteLocation, getLocationTree, listLocations, updateLocation, type LocationInput } from '../../api/locations';
import { errorMessage } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../lib/toast';

export function useLocations(search: string, type: LocationType | undefined) {
  return useQuery({
    queryKey: queryKeys.locations.list(search.trim(), type ?? ''),
    queryFn: () => listLocations({ search, type }),
    placeholderData: keepPreviousData,
  });
}

/** Every location nested under its parent, for the parent picker. */
export function useLocationTree(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.locations.tree(), queryFn: getLocationTree, enabled });
}

// Locations feed the stock dialogs and the dashboard: refresh every reader.
function useInvalidateLocations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.locations.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    ]);
}

export function useCreateLocation() {
  const toast = useToast();
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: (body: LocationInput) => createLocation(body),
    onSuccess: async () => {
      toast({ title: 'Location created successfully' });
      await invalidate();
    },
    onError: (error) =>
      toast({
        title: 'Error creating location',
        description: `Failed to create location: ${errorMessage(error, error.message)}`,
        variant: 'destructive',
      }),
  });
}

/** SPEC 8: update failures are not toasted; the dialog shows the message instead. */
export function useUpdateLocation() {
  const toast = useToast();
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: (body: UpdateLocationRequest) => updateLocation(body),
    onSuccess: async () => {
      toast({ title: 'Location updated successfully' });
      await invalidate();
    },
  });
}

export function useDeleteLocation() {
  const toast = useToast();
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: (id: string) => deleteLocation(id),
    onSuccess: async () => {
      toast({ title: 'Location deleted successfully' });
      await invalidate();
    },
    // SPEC 8 throws 'Failed to delete location' without a toast; a silent failure helps nobody,
    // so it is shown with that exact text.
    onError: (error) =>
      toast({ title: 'Failed to delete location', description: errorMessage(error, error.message), variant: 'destructive' }),
  });
}
