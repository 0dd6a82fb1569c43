import { loadEnv, ServiceEnv } from '@inventory/platform';

export class InventoryEnv extends ServiceEnv {}

export const getEnv = () => loadEnv(InventoryEnv);
