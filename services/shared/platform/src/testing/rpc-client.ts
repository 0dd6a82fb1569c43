import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import type { Actor, RpcRequest, RpcResponse, Subject } from '@inventory/contracts';
import { rpc } from '../rpc/rpc.js';
import { natsTransport } from '../nats/nats-options.js';

/** A NATS client that calls services as the gateway would, as one given actor per call. */
export interface TestRpcClient {
  call<S extends Subject>(subject: S, data: RpcRequest<S>, actor?: Actor): Promise<RpcResponse<S>>;
  close(): Promise<void>;
}

export async function connectRpcClient(natsUrl: string): Promise<TestRpcClient> {
  const client: ClientProxy = ClientProxyFactory.create(natsTransport(natsUrl));
  await client.connect();
  return {
    call: (subject, data, actor) => rpc(client, subject, data, { actor }),
    close: () => client.close(),
  };
}
