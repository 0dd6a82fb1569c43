import { loadEnv, ServiceEnv } from '@inventory/platform';

export class LocationsEnv extends ServiceEnv {}

export const getEnv = () => loadEnv(LocationsEnv);
