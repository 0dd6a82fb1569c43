import { Inject, Injectable, Logger } from '@nestjs/common';
import { ImportMessages as M } from '@inventory/contracts';
import { BucketReady, importObjectKey, ServiceError } from '@inventory/platform';
import type { Client as MinioClient } from 'minio';
import { getEnv } from '../config/env.js';
import { S3 } from '../connections/connections.module.js';

/** Puts uploaded import files in the S3 store, where the inventory worker reads them. */
@Injectable()
export class ImportFileStore {
  private readonly logger = new Logger('ImportFileStore');
  private readonly bucket: BucketReady;

  constructor(@Inject(S3) private readonly s3: MinioClient) {
    this.bucket = new BucketReady(s3, getEnv().S3_BUCKET, getEnv().S3_REGION);
  }

  async save(workspaceId: string, importId: string, file: Buffer): Promise<string> {
    const key = importObjectKey(workspaceId, importId);
    try {
      await this.bucket.ensure();
      await this.s3.putObject(this.bucket.bucket, key, file, file.length, { 'Content-Type': 'application/octet-stream' });
    } catch (error) {
      this.logger.warn(`S3 store: ${(error as Error).message}`);
      throw new ServiceError('SERVICE_UNAVAILABLE', M.storeUnavailable);
    }
    return key;
  }
}
