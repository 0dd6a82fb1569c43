import { answer, answerWithTotal, api, type ListPage, type QueryOf, type Schemas } from './client';

export type Location = Schemas['LocationDto'];
export type LocationInput = Schemas['CreateLocationBody'];
export type LocationTreeNode = Schemas['LocationTreeNodeDto'];
export type LocationType = Location['type'];

// The description's list of types, as a value for the pickers; `satisfies` keeps the two in step.
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

export type LocationFilters = Pick<QueryOf<'listLocations'>, 'search' | 'type' | 'limit' | 'offset'>;

const path = (id: string) => ({ params: { path: { id } } });

/** One page of the flat list by name (the answer is a tree only with tree=true), with how many match over every page. */
export async function listLocations({ search, type, limit, offset }: LocationFilters = {}): Promise<ListPage<Location>> {
  const query = { search: search?.trim() || undefined, type, limit, offset: offset || undefined };
  return (await answerWithTotal(api.GET('/api/locations', { params: { query } }))) as ListPage<Location>;
}

export function getLocation(id: string): Promise<Location> {
  return answer(api.GET('/api/locations/{id}', path(id)));
}

/** The top-level value of parentId. */
export const LOCATION_ROOT = 'root';

/** One level of the tree: the places directly inside parentId (LOCATION_ROOT: the top level), each saying whether it has more below. */
export async function getLocationLevel(parentId: string): Promise<LocationTreeNode[]> {
  return (await answer(api.GET('/api/locations', { params: { query: { tree: 'true', parentId } } }))) as LocationTreeNode[];
}

export function createLocation(body: LocationInput): Promise<Location> {
  return answer(api.POST('/api/locations', { body }));
}

export function updateLocation({ id, ...body }: Schemas['UpdateLocationBody'] & { id: string }): Promise<Location> {
  return answer(api.PUT('/api/locations/{id}', { ...path(id), body }));
}

export async function deleteLocation(id: string): Promise<void> {
  await answer(api.DELETE('/api/locations/{id}', path(id)));
}
export type LocationChanges = Schemas['UpdateLocationBody'] & { id: string };
