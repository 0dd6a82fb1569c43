import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface OidcAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export const OIDC_CLIENT = { id: 'inventory-test', secret: 'inventory-test-secret' };

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a local port. Its address is known
 * before the gateway starts (the gateway's env needs the issuer); the client's redirect URI is
 * registered once the gateway's port is known (`serve`). Signing in needs no form: the next
 * interaction signs in `nextAccount`, and consent is implied for this first-party client.
 */
export class LocalOidcProvider {
  nextAccount = '';
  private readonly accounts = new Map<string, OidcAccount>();
  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  static async reserve(): Promise<LocalOidcProvider> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new LocalOidcProvider(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  account(sub: string, claims: OidcAccount): string {
    this.accounts.set(sub, claims);
    return sub;
  }

  serve(redirectUri: string): void {
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: OIDC_CLIENT.id,
          client_secret: OIDC_CLIENT.secret,
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      cookies: { keys: ['local-oidc-provider-test-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      features: { devInteractions: { enabled: false } },
      findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
        accountId: sub,
        claims: async () => ({ sub, ...this.accounts.get(sub) }),
      }),
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    const oidc = provider.callback();
    this.server.on('request', async (req, res) => {
      if (!req.url?.startsWith('/interaction/')) return oidc(req, res);
      await provider.interactionDetails(req, res);
      await provider.interactionFinished(req, res, { login: { accountId: this.nextAccount } });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
