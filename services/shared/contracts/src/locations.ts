import type { NamedListPage } from './services.js';

/**
 * The locations service: a user's typed tree of locations. Subjects, request/response types and the
 * texts and limits both the gateway and the service validate with (spec §3, §5 and §8).
 */
export const LocationsSubjects = {
  listLocations: 'locations.locations.list',
  locationTree: 'locations.locations.tree',
  getLocation: 'locations.locations.get',
  findLocationByCode: 'locations.locations.find-by-code',
  createLocation: 'locations.locations.create',
  updateLocation: 'locations.locations.update',
  deleteLocation: 'locations.locations.delete',
} as const;

export const LOCATION_TYPES = ['Office', 'Clinic', 'Home', 'Workshop', 'Room', 'Furniture', 'Storage'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const DEFAULT_LOCATION_TYPE: LocationType = 'Office';

export const LOCATION_NAME_MAX_LENGTH = 100;
export const LOCATION_DESCRIPTION_MAX_LENGTH = 1000;

export const LocationMessages = {
  nameRequired: 'Location name is required',
  nameTooLong: `Location name must be at most ${LOCATION_NAME_MAX_LENGTH} characters`,
  typeInvalid: `Location type must be one of ${LOCATION_TYPES.join(', ')}`,
  descriptionInvalid: `Location description must be text of at most ${LOCATION_DESCRIPTION_MAX_LENGTH} characters`,
  parentInvalid: 'Parent location must be one of your locations',
  parentCycle: 'A location cannot be placed inside itself or one of its sublocations',
  notFound: 'Location not found',
  parentFilterInvalid: 'parentId must be root or the id of a location',
} as const;

/** ListLocationsRequest.parentId for the top level. */
export const LOCATION_ROOT = 'root';

/** A location as the API shows it. */
export interface LocationView {
  id: string;
  name: string;
  type: LocationType;
  description: string | null;
  parentLocationId: string | null;
  /** The short code printed on the location's label: its QR code points at `<PUBLIC_URL>/l/<code>`. */
  code: string;
  userId: string;
  createdAt: string;
  /** Distinct active items with stock here (read model fed by inventory events). */
  itemCount: number;
}

/** A location with its sublocations, for the parent picker. */
export interface LocationTreeNode extends LocationView {
  /** Empty in one level of the tree (parentId): hasChildren says whether there is more below. */
  children: LocationTreeNode[];
  hasChildren: boolean;
}

export interface ListLocationsRequest {
  /** Case-insensitive substring of the name. */
  search?: string;
  type?: LocationType;
  /** The flat list only: at most this many, by name (1 to MAX_NAMED_LIST). Left out: all. */
  limit?: number;
  /** The flat list only: how many of the matches, by name, the page skips (the Locations screen pages). */
  offset?: number;
  /**
   * Only the locations directly inside this one (LOCATION_ROOT: the top-level ones): one level of
   * the tree at a time, for a picker that opens it branch by branch.
   */
  parentId?: string;
}

export interface LocationIdRequest {
  id: string;
}

/** One of our short codes, as scanned or typed. */
export interface LocationCodeRequest {
  code: string;
}

export interface CreateLocationRequest {
  name: string;
  type?: LocationType;
  description?: string | null;
  parentLocationId?: string | null;
}

/** Fields left out keep their value; `parentLocationId: null` makes the location a root. */
export interface UpdateLocationRequest {
  id: string;
  name?: string;
  type?: LocationType;
  description?: string | null;
  parentLocationId?: string | null;
}

export interface LocationsRpc {
  [LocationsSubjects.listLocations]: { request: ListLocationsRequest; response: NamedListPage<LocationView> };
  /** The same filters; a match whose parent is filtered out becomes a root, so no match is hidden. */
  [LocationsSubjects.locationTree]: { request: ListLocationsRequest; response: LocationTreeNode[] };
  [LocationsSubjects.getLocation]: { request: LocationIdRequest; response: LocationView };
  [LocationsSubjects.findLocationByCode]: { request: LocationCodeRequest; response: LocationView };
  [LocationsSubjects.createLocation]: { request: CreateLocationRequest; response: LocationView };
  [LocationsSubjects.updateLocation]: { request: UpdateLocationRequest; response: LocationView };
  /** Answers null: Nest sends no reply for undefined, which callers would take for "no responders". */
  [LocationsSubjects.deleteLocation]: { request: LocationIdRequest; response: null };
}
