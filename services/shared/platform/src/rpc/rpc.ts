import type { ClientProxy } from '@nestjs/microservices';
import { isRpcErrorBody, type Actor, type Envelope, type RpcRequest, type RpcResponse, type Subject } from '@inventory/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { ServiceError } from '../errors/service-error.js';
import { currentRequestId } from '../logging/request-id.js';
import { MuxedNatsClient } from '../nats/muxed-nats.client.js';
import { JsonText, valueOf } from './json-text.js';

export interface RpcOptions {
  actor?: Actor;
  timeoutMs?: number;
  meta?: Envelope<unknown>['meta'];
}

export const DEFAULT_RPC_TIMEOUT_MS = 5000;

/**
 * Typed NATS request: wraps the payload in the envelope, bounds the wait and maps every failure to a
 * ServiceError — the service's own `{ code, message }`, TIMEOUT (504) when nobody answered in time,
 * SERVICE_UNAVAILABLE (503) when no instance listens or NATS is unreachable.
 */
export async function rpc<S extends Subject>(
  client: ClientProxy,
  subject: S,
  data: RpcRequest<S>,
  options: RpcOptions = {},
): Promise<RpcResponse<S>> {
  return valueOf<RpcResponse<S>>(await answerOf(client, subject, data, options));
}

/**
 * Like rpc(), with the answer as JSON text: as the service sent it when it answered with a
 * JsonText, so that it can be passed along (to HTTP) without being parsed and serialized again.
 */
export async function rpcJson<S extends Subject>(
  client: ClientProxy,
  subject: S,
  data: RpcRequest<S>,
  options: RpcOptions = {},
): Promise<JsonText> {
  return JsonText.of(await answerOf(client, subject, data, options));
}

async function answerOf<S extends Subject>(client: ClientProxy, subject: S, data: RpcRequest<S>, options: RpcOptions): Promise<unknown> {
  const requestId = currentRequestId();
  const meta = requestId ? { ...options.meta, requestId } : options.meta;
  const envelope: Envelope<RpcRequest<S>> = { actor: options.actor, data, meta };
  const ms = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  try {
    // Every client the platform makes is a MuxedNatsClient (natsTransport); another takes Nest's way.
    return client instanceof MuxedNatsClient
      ? await client.request(subject, envelope, ms)
      : await firstValueFrom(client.send<unknown>(subject, envelope).pipe(timeout(ms)));
  } catch (error) {
    throw toServiceError(error, subject, ms);
  }
}

export function toServiceError(error: unknown, subject: string, timeoutMs: number): ServiceError {
  if (error instanceof ServiceError) return error;
  if (isRpcErrorBody(error)) return new ServiceError(error.code, error.message);
  const service = subject.split('.')[0];
  if (error instanceof TimeoutError) {
    return new ServiceError('TIMEOUT', `The ${service} service did not answer within ${timeoutMs} ms`);
  }
  // Nest reports a NATS "no responders" status as an empty response; a closed or failed
  // connection surfaces as a plain Error. Either way the service cannot be reached.
  return new ServiceError('SERVICE_UNAVAILABLE', `The ${service} service is unavailable`);
}
