import * as client from 'openid-client';
import { Strategy, type AuthenticateOptions, type VerifyFunction } from 'openid-client/passport';
import type { Request } from 'express';
import { toExternalProfile, type ProfileClaims } from './external-profile.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scope: string;
}

/**
 * openid-client's strategy sends PKCE, and `state` only to servers without PKCE support; this one
 * always sends a `state` and a `nonce` too, and the callback checks all three against the session.
 */
class StateAndNonceStrategy extends Strategy {
  override authorizationRequestParams(req: Request, options: AuthenticateOptions): URLSearchParams {
    const params = super.authorizationRequestParams(req, options) as URLSearchParams;
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    return params;
  }
}

/** Discovers the provider and builds the strategy. Plain-http issuers are accepted outside production (local providers). */
export async function createOidcStrategy(settings: OidcSettings, production: boolean): Promise<Strategy> {
  const issuer = new URL(settings.issuer);
  const authentication = settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None();
  const insecure = issuer.protocol === 'http:' && !production ? { execute: [client.allowInsecureRequests] } : undefined;
  const config = await client.discovery(issuer, settings.clientId, undefined, authentication, insecure);

  const verify: VerifyFunction = async (tokens, done) => {
    try {
      const claims = tokens.claims();
      if (!claims) return done(new Error('The provider sent no ID token'));
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      done(null, toExternalProfile('oidc', { ...claims, ...userInfo } as ProfileClaims));
    } catch (error) {
      done(error);
    }
  };
  return new StateAndNonceStrategy({ name: 'oidc', sessionKey: 'oidc', config, scope: settings.scope }, verify);
}
