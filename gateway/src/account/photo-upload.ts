import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';

/** spec §2: 'JPG, PNG or GIF. Max size 2MB.' */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
]);

/** The part of multer's file this needs (multer keeps uploads in memory here). */
export interface UploadedPhoto {
  buffer: Buffer;
}

/** Checks the photo by its content (magic bytes), never by its name or the client's content type. */
export async function checkedPhoto(file: UploadedPhoto | undefined): Promise<{ buffer: Buffer; mime: string; ext: string }> {
  if (!file) throw new BadRequestException('Please choose a photo to upload');
  const type = await fileTypeFromBuffer(file.buffer);
  const ext = type && ALLOWED.get(type.mime);
  if (!type || !ext) throw new UnsupportedMediaTypeException('Please select a JPG, PNG or GIF image');
  return { buffer: file.buffer, mime: type.mime, ext };
}
