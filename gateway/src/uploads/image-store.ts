import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { BucketReady, isMissingObject, ServiceError } from '@inventory/platform';
import type { Client as MinioClient } from 'minio';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { getEnv } from '../config/env.js';
import { S3 } from '../connections/connections.module.js';
import type { CheckedImage } from './image-file.js';

/** Where the gateway serves item images; imageUrl holds this path. */
export const IMAGE_ROUTE = '/api/images';
/** Only names this store makes, so a request path can never reach another key. */
const OWN_FILE_NAME = /^[0-9a-f-]{36}\.(jpg|png|gif|webp|bmp|tif)$/;

export interface StoredImage {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * Item images in the S3 store, one folder per workspace (named by a hash of its id; a personal
 * workspace's id is its owner's, so older images stay where they were): item-images/<workspace>/<uuid>.<ext>.
 * A member reaches only the current workspace's folder.
 */
@Injectable()
export class ImageStore implements OnApplicationBootstrap {
  private readonly logger = new Logger('ImageStore');
  private readonly bucket = getEnv().S3_BUCKET;
  private readonly bucketReady: BucketReady;

  constructor(@Inject(S3) private readonly s3: MinioClient) {
    this.bucketReady = new BucketReady(s3, this.bucket, getEnv().S3_REGION);
  }

  /** Creates the bucket if missing; a store that is down now is tried again on the first upload. */
  async onApplicationBootstrap(): Promise<void> {
    await this.bucketReady.ensure().catch((error: Error) => this.logger.warn(`S3 store not ready: ${error.message}`));
  }

  /** Stores the image under a new name, or under `id` (a UUID) to replace what is there. */
  async save(workspaceId: string, image: CheckedImage, id: string = randomUUID()): Promise<string> {
    const file = `${id}.${image.ext}`;
    await this.unavailableOnError(async () => {
      await this.bucketReady.ensure();
      await this.s3.putObject(this.bucket, keyOf(workspaceId, file), image.buffer, image.buffer.length, { 'Content-Type': image.mime });
    });
    return `${IMAGE_ROUTE}/${file}`;
  }

  async open(workspaceId: string, file: string): Promise<StoredImage | undefined> {
    if (!OWN_FILE_NAME.test(file)) return undefined;
    const key = keyOf(workspaceId, file);
    try {
      const stat = await this.s3.statObject(this.bucket, key);
      return { stream: await this.s3.getObject(this.bucket, key), contentType: String(stat.metaData['content-type']), size: stat.size };
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw new ServiceError('SERVICE_UNAVAILABLE', 'The image store is unavailable');
    }
  }

  private async unavailableOnError(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.logger.warn(`S3 store: ${(error as Error).message}`);
      throw new ServiceError('SERVICE_UNAVAILABLE', 'The image store is unavailable; please try again');
    }
  }
}

const keyOf = (workspaceId: string, file: string) =>
  `item-images/${createHash('sha256').update(workspaceId).digest('hex').slice(0, 32)}/${file}`;
