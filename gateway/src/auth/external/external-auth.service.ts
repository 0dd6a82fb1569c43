import { Inject, Injectable, Logger } from '@nestjs/common';
import { IdentitySubjects, type ExternalProvider } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import type { Request, Response } from 'express';
import passport from 'passport';
import { actorOf } from '../auth.decorators.js';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { IdentityClient } from '../../nats/service-clients.js';
import { SessionsService } from '../session/sessions.service.js';
import { createGoogleStrategy } from './google.strategy.js';
import { createOidcStrategy } from './oidc.strategy.js';
import { runStrategy, type StrategyOutcome } from './run-strategy.js';

const CALLBACK_PATHS: Record<ExternalProvider, string> = { google: '/api/auth/google/callback', oidc: '/api/login/callback' };

/**
 * Sign-in through Google or an OpenID Connect provider. Every outcome is a redirect the web app
 * understands: /dashboard, or /login?error=<code or sentence> — never an error page.
 */
@Injectable()
export class ExternalAuthService {
  private readonly logger = new Logger('ExternalAuth');
  private readonly passport = new passport.Passport();
  private oidcDiscovery?: Promise<void>;

  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
  ) {
    if (settings.google) this.passport.use('google', createGoogleStrategy(settings.google));
  }

  /** First leg: off to the provider, with state (and PKCE, nonce) remembered in the session. */
  async start(provider: ExternalProvider, req: Request, res: Response): Promise<void> {
    const unavailable = await this.unavailable(provider);
    if (unavailable) return res.redirect(`/login?error=${unavailable}`);
    const outcome = await runStrategy(this.passport, provider, this.options(provider, req), req, res);
    if (outcome.kind !== 'redirected') this.fail(provider, res, outcome);
  }

  /** Callback leg: verify the answer, find or create the account, start a fresh session. */
  async finish(provider: ExternalProvider, req: Request, res: Response): Promise<void> {
    const unavailable = await this.unavailable(provider);
    if (unavailable) return res.redirect(`/login?error=${unavailable}`);
    const outcome = await runStrategy(this.passport, provider, this.options(provider, req), req, res);
    if (outcome.kind !== 'authenticated') return this.fail(provider, res, outcome);
    const linking = actorOf(req);
    try {
      const user = await this.identity.call(IdentitySubjects.signInExternal, outcome.profile, linking);
      await this.sessions.signIn(req, user);
      res.redirect(linking ? '/account' : '/dashboard');
    } catch (error) {
      // e.g. "An account with this email already exists": shown on the login page as sent.
      if (error instanceof ServiceError && error.code === 'CONFLICT')
        return res.redirect(`/login?error=${encodeURIComponent(error.message)}`);
      this.fail(provider, res, { kind: 'failed', reason: (error as Error).message });
    }
  }

  private fail(provider: ExternalProvider, res: Response, outcome: StrategyOutcome): void {
    this.logger.warn(`${provider} sign-in failed: ${outcome.kind === 'failed' ? outcome.reason : outcome.kind}`);
    res.redirect(`/login?error=${provider}_failed`);
  }

  private options(provider: ExternalProvider, req: Request): object {
    const base = this.settings.publicUrl ?? `${req.protocol}://${req.host}`;
    return { callbackURL: `${base}${CALLBACK_PATHS[provider]}` };
  }

  /**
   * Why the provider cannot be used now, as a /login error code, or undefined when it can. Google is
   * set up at start; the OIDC provider is discovered on first use and retried after a failure.
   */
  private async unavailable(provider: ExternalProvider): Promise<string | undefined> {
    if (provider === 'google') return this.settings.google ? undefined : 'google_not_configured';
    const oidc = this.settings.oidc;
    if (!oidc) return 'oidc_not_configured';
    this.oidcDiscovery ??= createOidcStrategy(oidc, this.settings.production).then((strategy) => void this.passport.use('oidc', strategy));
    try {
      await this.oidcDiscovery;
      return undefined;
    } catch (error) {
      this.oidcDiscovery = undefined;
      this.logger.warn(`OpenID Connect discovery at ${oidc.issuer} failed: ${(error as Error).message}`);
      return 'oidc_failed';
    }
  }
}
