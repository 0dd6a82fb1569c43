import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type {
  Actor,
  ApiTokenSubjects,
  IdentitySubjects,
  NotificationSubjects,
  RpcRequest,
  RpcResponse,
  WorkspaceSubjects,
} from '@inventory/contracts';
import { rpc } from '@inventory/platform';
import { getEnv } from '../config/env.js';
import { NATS_CLIENT } from '../nats/nats-client.module.js';

/** The identity service's subjects: accounts and users, workspaces, API tokens, notification delivery. */
type IdentitySubject =
  | (typeof IdentitySubjects)[keyof typeof IdentitySubjects]
  | (typeof WorkspaceSubjects)[keyof typeof WorkspaceSubjects]
  | (typeof ApiTokenSubjects)[keyof typeof ApiTokenSubjects]
  | (typeof NotificationSubjects)[keyof typeof NotificationSubjects];

/** Typed calls to the identity service, with the actor in the envelope when there is one. */
@Injectable()
export class IdentityClient {
  private readonly timeoutMs = getEnv().RPC_TIMEOUT_MS;

  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  call<S extends IdentitySubject>(subject: S, data: RpcRequest<S>, actor?: Actor): Promise<RpcResponse<S>> {
    return rpc(this.nats, subject, data, { actor, timeoutMs: this.timeoutMs });
  }
}
