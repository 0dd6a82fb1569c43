/** The back-end services behind the gateway. Each is also its NATS queue group and its database name. */
export const SERVICE_NAMES = ['identity', 'inventory', 'catalog', 'locations', 'reporting'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Largest `limit` of the category and location lists, which the pickers search on the server. */
export const MAX_NAMED_LIST = 1000;

/** One page of the category or location list, with how many match over every page (the gateway's X-Total-Count). */
export interface NamedListPage<T> {
  items: T[];
  total: number;
}
