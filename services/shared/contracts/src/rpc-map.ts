import type { HealthRpc } from './health.js';

/**
 * Request and response type of every NATS subject. rpc() on the gateway and the service handlers are
 * typed from this map, so both sides of a subject share one contract. Each area declares its own
 * `<Area>Rpc` interface next to its subjects and adds it here.
 */
export interface RpcMap extends HealthRpc {}

export type Subject = keyof RpcMap;
export type RpcRequest<S extends Subject> = RpcMap[S]['request'];
export type RpcResponse<S extends Subject> = RpcMap[S]['response'];
