import { IsIn, IsInt, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { fileURLToPath } from 'node:url';
import { EnvBoolean, loadEnv, NatsEnv } from '@inventory/platform';

const url = { require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql', 'redis', 'rediss'] };

export class GatewayEnv extends NatsEnv {
  @IsInt() @Min(0) @Max(65535)
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

  @IsString()
  S3_ENDPOINT: string = '127.0.0.1';

  @IsInt() @Min(1) @Max(65535)
  S3_PORT: number = 19000;

  @EnvBoolean()
  S3_USE_SSL: boolean = false;

  @IsString()
  S3_ACCESS_KEY: string = 'S3RVER';

  @IsString()
  S3_SECRET_KEY: string = 'S3RVER';

  @IsString() @MinLength(3)
  S3_BUCKET: string = 'inventory-images';

  @IsString()
  S3_REGION: string = 'us-east-1';

  /** Where the built web app lives; served at / with an SPA fallback. */
  @IsString()
  WEB_DIST_DIR: string = fileURLToPath(new URL('../../../web/dist', import.meta.url));

  /** Per-part wait of GET /api/health, so a dead part shows as down quickly. */
  @IsInt() @Min(50) @Max(30_000)
  HEALTH_TIMEOUT_MS: number = 1500;

  @IsString()
  BODY_LIMIT: string = '1mb';

  /** Express "trust proxy" setting: false, true, a hop count or a list of addresses. */
  @IsString()
  TRUST_PROXY: string = 'loopback';

  @IsIn(['error', 'warn', 'log', 'debug'])
  LOG_LEVEL: 'error' | 'warn' | 'log' | 'debug' = 'log';
}

export const getEnv = () => loadEnv(GatewayEnv);
