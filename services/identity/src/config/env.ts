import { IsEmail, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';
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

  get superAdminPassword(): string {
    return this.SUPER_ADMIN_PASSWORD ?? LOCAL_SUPER_ADMIN_PASSWORD;
  }

  get scryptLogN(): number {
    return this.PASSWORD_SCRYPT_LOG_N ?? (this.NODE_ENV === 'test' ? 14 : 17);
  }
}

export const getEnv = () => loadEnv(IdentityEnv);
