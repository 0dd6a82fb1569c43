import { IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SUPER_ADMIN_EMAIL } from '@inventory/contracts';
import { EnvBoolean, loadEnv, NatsEnv, WithObjectStoreEnv } from '@inventory/platform';

const url = { require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql', 'redis', 'rediss'] };

export class GatewayEnv extends WithObjectStoreEnv(NatsEnv) {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '0.0.0.0';

  /** PostgreSQL server; the gateway keeps its sessions in its own database there. */
  @IsUrl(url)
  PG_URL: string = 'postgres://postgres@127.0.0.1:15432';

  @IsString()
  GATEWAY_DB: string = 'gateway';

  @IsUrl(url)
  REDIS_URL: string = 'redis://127.0.0.1:16379';

  /** Where the built web app lives; served at / with an SPA fallback. */
  @IsString()
  WEB_DIST_DIR: string = fileURLToPath(new URL('../../../web/dist', import.meta.url));

  /**
   * How long an import upload or preview waits for the inventory worker to read or check the file
   * (a 200,000-row file takes seconds; a queue behind other imports, longer).
   */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  IMPORT_WORK_TIMEOUT_MS: number = 120_000;

  /** Per-part wait of GET /api/health, so a dead part shows as down quickly. */
  @IsInt()
  @Min(50)
  @Max(30_000)
  HEALTH_TIMEOUT_MS: number = 1500;

  /** On SIGTERM, how long the gateway answers "not ready" and still serves before it stops (docs/operations.md). */
  @IsInt()
  @Min(0)
  @Max(60_000)
  SHUTDOWN_DRAIN_MS: number = 0;

  @IsString()
  BODY_LIMIT: string = '1mb';

  /**
   * Express "trust proxy" setting: false, true, a hop count or a list of addresses. Off by default:
   * X-Forwarded-For is believed only from proxies named here, or anyone could pick the address
   * the rate limits and the sign-in backoff count against (docs/security.md).
   */
  @IsString()
  TRUST_PROXY: string = 'false';

  /** Live alert streams (GET /api/alerts/stream) one user may hold open per gateway; a new one closes the oldest. */
  @IsInt()
  @Min(1)
  @Max(100)
  ALERT_STREAMS_PER_USER: number = 5;

  @IsIn(['error', 'warn', 'log', 'debug'])
  LOG_LEVEL: 'error' | 'warn' | 'log' | 'debug' = 'log';

  // ── Sign-in and sessions (derived defaults in auth/auth-settings.ts) ──

  /** Signs session cookies and CSRF tokens. Required in production; a fixed value elsewhere. */
  @ValidateIf((env: GatewayEnv) => env.NODE_ENV === 'production' || env.SESSION_SECRET !== undefined)
  @IsString({ message: 'SESSION_SECRET must be set in production' })
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  /** A session ends after this long without a request... */
  @IsInt()
  @Min(1)
  SESSION_IDLE_TIMEOUT_MINUTES: number = 24 * 60;

  /** ...and this long after sign-in, however active. */
  @IsInt()
  @Min(1)
  SESSION_ABSOLUTE_TIMEOUT_HOURS: number = 7 * 24;

  /** One-click demo and super-admin sign-ins: on unless NODE_ENV=production. */
  @IsOptional()
  @EnvBoolean()
  DEMO_LOGIN_ENABLED?: boolean;

  /** The shared demo is put back to its sample data this often (docs/demo.md); 0: only on request. */
  @IsInt()
  @Min(0)
  @Max(24 * 30)
  DEMO_RESET_HOURS: number = 24;

  @IsOptional()
  @EnvBoolean()
  SUPER_ADMIN_SHORTCUT_ENABLED?: boolean;

  /** The email the super-admin shortcut signs in (identity seeds the same account). */
  @IsEmail({}, { message: 'SUPER_ADMIN_EMAIL must be an email address' })
  SUPER_ADMIN_EMAIL: string = DEFAULT_SUPER_ADMIN_EMAIL;

  /** Sign-in, registration and shortcut requests per client IP and route within the window. */
  @IsOptional()
  @IsInt()
  @Min(1)
  AUTH_RATE_LIMIT?: number;

  @IsInt()
  @Min(1)
  AUTH_RATE_WINDOW_SECONDS: number = 60;

  /** Requests one API token may make per API_TOKEN_RATE_WINDOW_SECONDS, on all gateways together. */
  @IsInt()
  @Min(1)
  API_TOKEN_RATE_LIMIT: number = 600;

  @IsInt()
  @Min(1)
  API_TOKEN_RATE_WINDOW_SECONDS: number = 60;

  /** Failed password sign-ins for one email before each further try must wait (doubling). */
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES: number = 5;

  @IsInt()
  @Min(1)
  LOGIN_BACKOFF_SECONDS: number = 30;

  /** Origin the browser uses (e.g. https://stock.example.com); external sign-in callbacks derive from it. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  /** Google sign-in is on when both are set. */
  @IsOptional()
  @IsString()
  GOOGLE_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  GOOGLE_CLIENT_SECRET?: string;

  /** Generic OpenID Connect sign-in (GET /api/login) is on when issuer and client id are set. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  OIDC_ISSUER_URL?: string;

  @IsOptional()
  @IsString()
  OIDC_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  @IsString()
  OIDC_SCOPE: string = 'openid email profile';
}

export const getEnv = () => loadEnv(GatewayEnv);
