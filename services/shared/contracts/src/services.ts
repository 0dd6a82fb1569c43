/** The back-end services behind the gateway. Each is also its NATS queue group and its database name. */
export const SERVICE_NAMES = ['identity', 'inventory', 'catalog', 'locations', 'reporting'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
