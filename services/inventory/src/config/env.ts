import { IsIn, IsInt, IsUrl, Max, Min } from 'class-validator';
import { loadEnv, ServiceEnv, WithObjectStoreEnv } from '@inventory/platform';

export class InventoryEnv extends WithObjectStoreEnv(ServiceEnv) {
  /** The web app's origin: labels' QR codes point at pages under it (docs/scanning.md). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL: string = 'http://localhost:3000';

  /**
   * How items' writes run (docs/architecture.md, "A write"): `batched` queues a busy item's requests
   * and group-commits different items' ones; `plain` runs each request on its own, for comparison.
   */
  @IsIn(['batched', 'plain'])
  ITEM_WRITES: 'batched' | 'plain' = 'batched';

  /** Redis of the BullMQ alert jobs. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['redis', 'rediss'] })
  REDIS_URL: string = 'redis://127.0.0.1:16379';

  /** Alert jobs one worker process runs at once. */
  @IsInt()
  @Min(1)
  @Max(100)
  ALERTS_WORKER_CONCURRENCY: number = 4;

  /** How long a worker holds a job before another may take it over (after the worker died). */
  @IsInt()
  @Min(500)
  @Max(600_000)
  ALERTS_JOB_LOCK_MS: number = 10_000;

  /** How often workers look for jobs whose worker died. */
  @IsInt()
  @Min(500)
  @Max(600_000)
  ALERTS_STALLED_CHECK_MS: number = 5_000;

  /** The UTC hour the daily expiry scan runs at (docs/expiry.md); a worker that starts later in the day runs it then. */
  @IsInt()
  @Min(0)
  @Max(23)
  EXPIRY_SCAN_HOUR_UTC: number = 6;

  /** Import jobs one worker process runs at once (reading and checking files, runs, undos). */
  @IsInt()
  @Min(1)
  @Max(16)
  IMPORTS_WORKER_CONCURRENCY: number = 2;

  /** How long a request waits for the worker to read or check a file before it answers 503. */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  IMPORTS_AWAIT_MS: number = 120_000;

  /** How long a worker holds an import job before another may take it over (after the worker died). */
  @IsInt()
  @Min(500)
  @Max(600_000)
  IMPORTS_JOB_LOCK_MS: number = 30_000;

  /** How often unused uploads expire and unneeded import files are removed from the S3 store. */
  @IsInt()
  @Min(60_000)
  @Max(24 * 3600 * 1000)
  IMPORTS_SWEEP_EVERY_MS: number = 3600 * 1000;
}

export const getEnv = () => loadEnv(InventoryEnv);
