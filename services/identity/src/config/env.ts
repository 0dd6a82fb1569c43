import { IsEmail, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { DEFAULT_SUPER_ADMIN_EMAIL } from '@inventory/contracts';
import { loadEnv, ServiceEnv } from '@inventory/platform';

/** The super admin's password when SUPER_ADMIN_PASSWORD is not set (development and tests only). */
export const LOCAL_SUPER_ADMIN_PASSWORD = 'superadmin123';

export class IdentityEnv extends ServiceEnv {
  /** The super admin seeded at start; this account can always sign in with SUPER_ADMIN_PASSWORD. */
  @IsEmail({}, { message: 'SUPER_ADMIN_EMAIL must be an email address' })
  SUPER_ADMIN_EMAIL: string = DEFAULT_SUPER_ADMIN_EMAIL;

  /** Required in production: a well-known password there would hand out the super admin. */
  @ValidateIf((env: IdentityEnv) => env.NODE_ENV === 'production' || env.SUPER_ADMIN_PASSWORD !== undefined)
  @IsString({ message: 'SUPER_ADMIN_PASSWORD must be set in production' })
  @MinLength(8, { message: 'SUPER_ADMIN_PASSWORD must be at least 8 characters' })
  SUPER_ADMIN_PASSWORD?: string;

  /** scrypt cost as log2(N). OWASP's 17 costs ~0.5 s of CPU here; tests default to 14 to stay fast. */
  @IsOptional()
  @IsInt()
  @Min(14)
  @Max(20)
  PASSWORD_SCRYPT_LOG_N?: number;

  // ── Notifications (docs/notifications.md) ──

  /** Redis of the BullMQ notification jobs. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['redis', 'rediss'] })
  REDIS_URL: string = 'redis://127.0.0.1:16379';

  /** Where mail goes (e.g. smtps://user:pass@smtp.example.com:465). Unset: email is off and the toggle says so. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] })
  SMTP_URL?: string;

  @IsString()
  @MinLength(3)
  MAIL_FROM: string = 'Inventory <no-reply@inventory.localhost>';

  /** The web app's origin, for the links in emails and push notifications. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL: string = 'http://localhost:3000';

  /** Web Push (VAPID) key pair, base64url; both unset: push is off and the toggle says so. */
  @ValidateIf((env: IdentityEnv) => env.VAPID_PRIVATE_KEY !== undefined || env.VAPID_PUBLIC_KEY !== undefined)
  @Matches(/^[A-Za-z0-9_-]{80,100}$/, { message: 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (set both VAPID keys or neither)' })
  VAPID_PUBLIC_KEY?: string;

  @ValidateIf((env: IdentityEnv) => env.VAPID_PRIVATE_KEY !== undefined || env.VAPID_PUBLIC_KEY !== undefined)
  @Matches(/^[A-Za-z0-9_-]{40,50}$/, {
    message: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (set both VAPID keys or neither)',
  })
  VAPID_PRIVATE_KEY?: string;

  /** Who push services contact about our traffic (a mailto: or https: URL). */
  @Matches(/^(mailto:|https:\/\/)/, { message: 'VAPID_SUBJECT must be a mailto: or https: URL' })
  VAPID_SUBJECT: string = 'mailto:admin@example.com';

  /**
   * Hosts a push subscription may point at (comma-separated; "*." matches subdomains): the browsers'
   * push services. The server POSTs to these URLs, so an arbitrary one would let a user make it
   * call anything it can reach.
   */
  @IsString()
  PUSH_ENDPOINT_HOSTS: string =
    'fcm.googleapis.com,*.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com';

  /** Signs the unsubscribe links in emails. Required in production when email is on; a fixed value elsewhere. */
  @ValidateIf(
    (env: IdentityEnv) => (env.NODE_ENV === 'production' && env.SMTP_URL !== undefined) || env.NOTIFICATION_TOKEN_SECRET !== undefined,
  )
  @IsString({ message: 'NOTIFICATION_TOKEN_SECRET must be set in production when SMTP_URL is' })
  @MinLength(32, { message: 'NOTIFICATION_TOKEN_SECRET must be at least 32 characters' })
  NOTIFICATION_TOKEN_SECRET?: string;

  /** Crossings within this window go out as one email (a digest). */
  @IsInt()
  @Min(200)
  @Max(600_000)
  EMAIL_DIGEST_WINDOW_MS: number = 30_000;

  /** Notification jobs one worker process runs at once. */
  @IsInt()
  @Min(1)
  @Max(100)
  NOTIFICATIONS_WORKER_CONCURRENCY: number = 4;

  get superAdminPassword(): string {
    return this.SUPER_ADMIN_PASSWORD ?? LOCAL_SUPER_ADMIN_PASSWORD;
  }

  get notificationTokenSecret(): string {
    return this.NOTIFICATION_TOKEN_SECRET ?? 'local-notification-token-secret-not-for-production';
  }

  get pushEndpointHosts(): string[] {
    return this.PUSH_ENDPOINT_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean);
  }

  get scryptLogN(): number {
    return this.PASSWORD_SCRYPT_LOG_N ?? (this.NODE_ENV === 'test' ? 14 : 17);
  }
}

export const getEnv = () => loadEnv(IdentityEnv);
