import type { ServiceName } from './services.js';

export type PartStatus = 'up' | 'down';

export interface PartHealth {
  status: PartStatus;
  latencyMs?: number;
  error?: string;
}

/** Answer of a service's health subject. */
export interface ServiceHealth {
  service: ServiceName;
  status: PartStatus;
  db: PartHealth;
  instance: string;
  uptimeSeconds: number;
}

/** Body of GET /api/health. */
export interface SystemHealth {
  status: PartStatus;
  gateway: PartHealth & { uptimeSeconds: number };
  services: Record<ServiceName, PartHealth & { db?: PartHealth }>;
  postgres: PartHealth;
  nats: PartHealth & { jetstream: PartHealth };
  redis: PartHealth;
  s3: PartHealth;
}
