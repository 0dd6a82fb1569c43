import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Client as MinioClient } from 'minio';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { getEnv } from '../config/env.js';
import { S3 } from '../connections/connections.module.js';

/** Where the app serves a stored photo; profileImageUrl holds this path. */
export const PROFILE_PHOTO_ROUTE = '/api/profile-photos';
const PREFIX = 'profile-photos';
/** Only names this store makes: a request path can never reach outside the user's folder. */
const OWN_FILE_NAME = /^[0-9a-f-]{36}\.(jpg|png|gif)$/;
const OWN_USER_ID = /^[\w-]{1,64}$/;

export interface StoredPhoto {
  stream: Readable;
  contentType: string;
  size: number;
}

/** Profile photos in the S3 store, one folder per user: profile-photos/<userId>/<uuid>.<ext>. */
@Injectable()
export class ProfilePhotoStore {
  private readonly logger = new Logger('ProfilePhotos');
  private readonly bucket = getEnv().S3_BUCKET;
  private bucketReady?: Promise<void>;

  constructor(@Inject(S3) private readonly s3: MinioClient) {}

  /** Stores the photo under a fresh name and returns the URL to serve it from. */
  async save(userId: string, photo: { buffer: Buffer; mime: string; ext: string }): Promise<string> {
    await this.ensureBucket();
    const name = `${userId}/${randomUUID()}.${photo.ext}`;
    await this.s3.putObject(this.bucket, `${PREFIX}/${name}`, photo.buffer, photo.buffer.length, { 'Content-Type': photo.mime });
    return `${PROFILE_PHOTO_ROUTE}/${name}`;
  }

  async open(userId: string, file: string): Promise<StoredPhoto | undefined> {
    if (!OWN_USER_ID.test(userId) || !OWN_FILE_NAME.test(file)) return undefined;
    const key = `${PREFIX}/${userId}/${file}`;
    try {
      const stat = await this.s3.statObject(this.bucket, key);
      const contentType = String(stat.metaData['content-type'] ?? 'application/octet-stream');
      return { stream: await this.s3.getObject(this.bucket, key), contentType, size: stat.size };
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFound' || (error as { code?: string }).code === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /** Deletes a photo this store made (other URLs, e.g. a provider's picture, are left alone). */
  async remove(url: string | null): Promise<void> {
    if (!url?.startsWith(`${PROFILE_PHOTO_ROUTE}/`)) return;
    await this.quietly(() => this.s3.removeObject(this.bucket, `${PREFIX}/${url.slice(PROFILE_PHOTO_ROUTE.length + 1)}`));
  }

  /** Every photo of a deleted user. */
  async removeAllOf(userId: string): Promise<void> {
    await this.quietly(async () => {
      const keys: string[] = [];
      for await (const item of this.s3.listObjectsV2(this.bucket, `${PREFIX}/${userId}/`, true)) if (item.name) keys.push(item.name);
      if (keys.length) await this.s3.removeObjects(this.bucket, keys);
    });
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (!(await this.s3.bucketExists(this.bucket))) await this.s3.makeBucket(this.bucket, getEnv().S3_REGION).catch(() => undefined);
    })().catch((error: Error) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }

  /** Cleanup is best effort: a leftover file must not fail the user's request. */
  private async quietly(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.logger.warn(`cleanup failed: ${(error as Error).message}`);
    }
  }
}
