import { loadEnv, ServiceEnv } from '@inventory/platform';

export class IdentityEnv extends ServiceEnv {}

export const getEnv = () => loadEnv(IdentityEnv);
