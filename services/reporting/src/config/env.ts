import { loadEnv, ServiceEnv } from '@inventory/platform';

export class ReportingEnv extends ServiceEnv {}

export const getEnv = () => loadEnv(ReportingEnv);
