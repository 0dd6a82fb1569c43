import { Inject, Injectable, Logger } from '@nestjs/common';
import { ImportMessages as M, MAX_IMPORT_BYTES } from '@inventory/contracts';
import { isMissingObject, ServiceError } from '@inventory/platform';
import type { Client as MinioClient } from 'minio';
import { getEnv } from '../config/env.js';

export const IMPORTS_S3 = Symbol('IMPORTS_S3');
/** Where importObjectKey puts every uploaded import file. */
export const IMPORT_FILES_PREFIX = 'imports/';

/** Uploaded import files in the S3 store (the gateway puts them there; see importObjectKey). */
@Injectable()
export class ImportFiles {
  private readonly logger = new Logger('ImportFiles');
  private readonly bucket = getEnv().S3_BUCKET;

  constructor(@Inject(IMPORTS_S3) private readonly s3: MinioClient) {}

  async read(key: string): Promise<Buffer> {
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of await this.s3.getObject(this.bucket, key)) {
        size += (chunk as Buffer).length;
        if (size > MAX_IMPORT_BYTES) throw new ServiceError('PAYLOAD_TOO_LARGE', M.fileTooLarge);
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      if (isMissingObject(error)) throw new ServiceError('NOT_FOUND', M.notFound);
      this.logger.warn(`S3 store: ${(error as Error).message}`);
      throw new ServiceError('SERVICE_UNAVAILABLE', M.storeUnavailable);
    }
  }

  /** Keys and times of the import files stored before `before` (the store's own listing). */
  async listOlderThan(before: Date): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of this.s3.listObjectsV2(this.bucket, IMPORT_FILES_PREFIX, true))
      if (object.name && object.lastModified && object.lastModified < before) keys.push(object.name);
    return keys;
  }

  /** Removes a file no longer needed; a store that is down leaves it behind (logged), nothing fails. */
  async remove(key: string): Promise<void> {
    await this.s3
      .removeObject(this.bucket, key)
      .catch((error: Error) => this.logger.warn(`S3 store: could not remove ${key}: ${error.message}`));
  }
}
