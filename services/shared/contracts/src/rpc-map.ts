import type { ServiceHealth } from './health.js';
import { HealthSubjects } from './subjects.js';

/**
 * Request and response type of every NATS subject. rpc() on the gateway and the service handlers are
 * typed from this map, so both sides of a subject share one contract.
 */
export interface RpcMap {
  [HealthSubjects.identity]: { request: void; response: ServiceHealth };
  [HealthSubjects.inventory]: { request: void; response: ServiceHealth };
  [HealthSubjects.catalog]: { request: void; response: ServiceHealth };
  [HealthSubjects.locations]: { request: void; response: ServiceHealth };
  [HealthSubjects.reporting]: { request: void; response: ServiceHealth };
}

export type Subject = keyof RpcMap;
export type RpcRequest<S extends Subject> = RpcMap[S]['request'];
export type RpcResponse<S extends Subject> = RpcMap[S]['response'];
