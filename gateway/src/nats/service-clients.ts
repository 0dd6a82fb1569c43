import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { Actor, RpcRequest, RpcResponse, Subject } from '@inventory/contracts';
import { rpc, rpcChunked, rpcJson, type JsonText, type ListSubject, type RpcOptions } from '@inventory/platform';
import { getEnv } from '../config/env.js';
import { REQUEST_ID, type ActorOfRequest } from '../logging/request-id.js';
import { NATS_CLIENT } from './nats-client.token.js';

/** A service's subjects: every subject is named "<service>.<resource>.<verb>" (contracts). */
type SubjectOf<Service extends string> = Extract<Subject, `${Service}.${string}`>;

export interface CallOptions {
  /** Sent in the envelope's meta: the service records the write once per key (docs/api.md). */
  idempotencyKey?: string;
  /** For calls that do long work (reading an uploaded file); RPC_TIMEOUT_MS otherwise. */
  timeoutMs?: number;
}

/**
 * The gateway's one way to call a service (docs/architecture.md): a typed client per service that
 * puts the actor in the envelope, bounds the wait and maps failures to the service's own errors.
 */
abstract class ServiceClient<S extends Subject> {
  private readonly timeoutMs = getEnv().RPC_TIMEOUT_MS;

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  /** The answer, parsed. */
  call<T extends S>(subject: T, data: RpcRequest<T>, actor?: Actor, options: CallOptions = {}): Promise<RpcResponse<T>> {
    return rpc(this.nats, subject, data, this.rpcOptions(actor, options));
  }

  /** The answer as the service's JSON text, to pass on to HTTP without parsing it again. */
  callJson<T extends S>(subject: T, data: RpcRequest<T>, actor?: Actor, options: CallOptions = {}): Promise<JsonText> {
    return rpcJson(this.nats, subject, data, this.rpcOptions(actor, options));
  }

  /** A list the service sends in chunks (it may be larger than one NATS message), joined. */
  callChunked<T extends S & ListSubject>(
    subject: T,
    data: RpcRequest<T>,
    actor?: Actor,
    options: CallOptions = {},
  ): Promise<RpcResponse<T>> {
    return rpcChunked(this.nats, subject, data, this.rpcOptions(actor, options));
  }

  private rpcOptions(actor: ActorOfRequest | undefined, { idempotencyKey, timeoutMs }: CallOptions): RpcOptions {
    const requestId = actor?.[REQUEST_ID];
    const meta = idempotencyKey || requestId ? { idempotencyKey, requestId } : undefined;
    return { actor, timeoutMs: timeoutMs ?? this.timeoutMs, meta };
  }
}

/** Items, movements, alerts, lots, imports, export, labels, counts, codes. */
@Injectable()
export class InventoryClient extends ServiceClient<SubjectOf<'inventory'>> {}

/** Accounts and users, workspaces, API tokens, notification delivery. */
@Injectable()
export class IdentityClient extends ServiceClient<SubjectOf<'identity'>> {}

@Injectable()
export class CatalogClient extends ServiceClient<SubjectOf<'catalog'>> {}

@Injectable()
export class LocationsClient extends ServiceClient<SubjectOf<'locations'>> {}

/** The dashboard and the reports. */
@Injectable()
export class ReportingClient extends ServiceClient<SubjectOf<'reporting'>> {}

export const SERVICE_CLIENTS = [InventoryClient, IdentityClient, CatalogClient, LocationsClient, ReportingClient];
