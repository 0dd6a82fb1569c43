import type { CreateLocationRequest, LocationTreeNode, LocationType, LocationView, UpdateLocationRequest } from '@inventory/contracts';
import { http } from './http';

export type Location = LocationView;
export type LocationInput = CreateLocationRequest;
export type { LocationTreeNode, LocationType };

// Mirrors LOCATION_TYPES of the contracts; only types are imported from there so that no
// server-side module ends up in the browser bundle. `satisfies` keeps the two in step.
export const LOCATION_TYPES = [
  'Office',
  'Clinic',
  'Home',
  'Workshop',
  'Room',
  'Furniture',
  'Storage',
] as const satisfies readonly LocationType[];
export const DEFAULT_LOCATION_TYPE: LocationType = 'Office';

export interface LocationFilters {
  search?: string;
  type?: LocationType;
}

function queryString({ search, type }: LocationFilters, tree = false): string {
  const params = new URLSearchParams();
  if (search?.trim()) params.set('search', search.trim());
  if (type) params.set('type', type);
  if (tree) params.set('tree', 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function listLocations(filters: LocationFilters = {}): Promise<Location[]> {
  return http.get<Location[]>(`/api/locations${queryString(filters)}`);
}

export function getLocationTree(): Promise<LocationTreeNode[]> {
  return http.get<LocationTreeNode[]>(`/api/locations${queryString({}, true)}`);
}

export function createLocation(body: LocationInput): Promise<Location> {
  return http.post<Location>('/api/locations', body);
}

export function updateLocation({ id, ...body }: UpdateLocationRequest): Promise<Location> {
  return http.put<Location>(`/api/locations/${encodeURIComponent(id)}`, body);
}

export function deleteLocation(id: string): Promise<void> {
  return http.delete<void>(`/api/locations/${encodeURIComponent(id)}`);
}
