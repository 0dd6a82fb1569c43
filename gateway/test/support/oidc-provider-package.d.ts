// oidc-provider ships no types (and @types/oidc-provider is not installed): the part the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: new (properties: { clientId: string; accountId: string }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<unknown>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<void>;
  }
}
