import { loadEnv, ServiceEnv } from '@inventory/platform';

export class CatalogEnv extends ServiceEnv {}

export const getEnv = () => loadEnv(CatalogEnv);
