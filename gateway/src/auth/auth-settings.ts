import { getEnv, type GatewayEnv } from '../config/env.js';

/** Sign-in and session settings with the defaults that depend on NODE_ENV resolved. */
export interface AuthSettings {
  production: boolean;
  sessionSecret: string;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  demoLoginEnabled: boolean;
  superAdminShortcutEnabled: boolean;
  superAdminEmail: string;
  rateLimit: { limit: number; windowMs: number };
  /** Per API token (docs/api.md). */
  tokenRateLimit: { limit: number; windowMs: number };
  loginBackoff: { maxFailures: number; baseMs: number };
  publicUrl?: string;
  google?: { clientId: string; clientSecret: string };
  oidc?: { issuer: string; clientId: string; clientSecret?: string; scope: string };
}

/** Only for local runs; production refuses to start without SESSION_SECRET (see env.ts). */
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-do-not-use-in-production';

export function authSettings(env: GatewayEnv = getEnv()): AuthSettings {
  const production = env.NODE_ENV === 'production';
  return {
    production,
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    absoluteTimeoutMs: env.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
    demoLoginEnabled: env.DEMO_LOGIN_ENABLED ?? !production,
    superAdminShortcutEnabled: env.SUPER_ADMIN_SHORTCUT_ENABLED ?? !production,
    superAdminEmail: env.SUPER_ADMIN_EMAIL.trim().toLowerCase(),
    // Integration tests sign up many users from 127.0.0.1 across suites within one window.
    rateLimit: { limit: env.AUTH_RATE_LIMIT ?? (env.NODE_ENV === 'test' ? 1000 : 20), windowMs: env.AUTH_RATE_WINDOW_SECONDS * 1000 },
    tokenRateLimit: { limit: env.API_TOKEN_RATE_LIMIT, windowMs: env.API_TOKEN_RATE_WINDOW_SECONDS * 1000 },
    loginBackoff: { maxFailures: env.LOGIN_MAX_FAILURES, baseMs: env.LOGIN_BACKOFF_SECONDS * 1000 },
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID
        ? { issuer: env.OIDC_ISSUER_URL, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, scope: env.OIDC_SCOPE }
        : undefined,
  };
}

/** Injection token of the resolved AuthSettings. */
export const AUTH_SETTINGS = Symbol('AUTH_SETTINGS');
