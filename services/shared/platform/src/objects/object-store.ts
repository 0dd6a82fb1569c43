import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { Client as MinioClient } from 'minio';
import { createHash } from 'node:crypto';
import { EnvBoolean } from '../env/env-boolean.js';

/** The S3 store's settings, for a process that keeps files there (item images, import files). */
export interface ObjectStoreSettings {
  S3_ENDPOINT: string;
  S3_PORT: number;
  S3_USE_SSL: boolean;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
  S3_REGION: string;
}

type EnvClass = abstract new (...args: any[]) => object; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Adds the S3 variables (with the local defaults of README.md, "Ports and configuration") to an env class. */
export function WithObjectStoreEnv<Base extends EnvClass>(base: Base) {
  abstract class ObjectStoreEnv extends base implements ObjectStoreSettings {
    @IsString()
    S3_ENDPOINT: string = '127.0.0.1';

    @IsInt()
    @Min(1)
    @Max(65535)
    S3_PORT: number = 19000;

    @EnvBoolean()
    S3_USE_SSL: boolean = false;

    @IsString()
    S3_ACCESS_KEY: string = 'S3RVER';

    @IsString()
    S3_SECRET_KEY: string = 'S3RVER';

    @IsString()
    @MinLength(3)
    S3_BUCKET: string = 'inventory-images';

    @IsString()
    S3_REGION: string = 'us-east-1';
  }
  return ObjectStoreEnv;
}

export function objectStoreClient(env: ObjectStoreSettings): MinioClient {
  return new MinioClient({
    endPoint: env.S3_ENDPOINT,
    port: env.S3_PORT,
    useSSL: env.S3_USE_SSL,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    region: env.S3_REGION,
    pathStyle: true,
  });
}

/**
 * Creates the bucket once per process when first needed; a store that is down is tried again on
 * the next call instead of remembering the failure.
 */
export class BucketReady {
  private ready?: Promise<void>;

  constructor(
    private readonly client: MinioClient,
    readonly bucket: string,
    private readonly region: string,
  ) {}

  ensure(): Promise<void> {
    this.ready ??= (async () => {
      if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.region);
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}

/** Whether an S3 error says the object (or its bucket) is not there. */
export function isMissingObject(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchBucket';
}

/** Where an uploaded import file lies: in a folder per workspace (named by a hash of its id). */
export const importObjectKey = (workspaceId: string, importId: string) =>
  `imports/${createHash('sha256').update(workspaceId).digest('hex').slice(0, 32)}/${importId}`;
