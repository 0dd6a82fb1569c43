import type { ServiceName } from './services.js';
import type { healthSubject } from './subjects.js';

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

/** Body of GET /api/health/live and /api/health/ready: this one gateway process, for an orchestrator or a load balancer. */
export interface ProcessReadiness {
  status: PartStatus;
  /** Why it is not ready: "stopping", or the connection that does not answer. */
  reason?: string;
}

/** Every service answers its health subject with its status and its database's. */
export type HealthRpc = {
  [S in ServiceName as ReturnType<typeof healthSubject<S>>]: { request: void; response: ServiceHealth };
};
