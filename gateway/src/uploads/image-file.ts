import { IMAGE_MIME_TYPES, InventoryMessages as M } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { fileTypeFromBuffer } from 'file-type';

export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

export const IMAGE_EXTENSIONS: Record<ImageMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
};

/** The part of multer's file this needs (uploads are kept in memory, at most 10 MB). */
export interface UploadedImage {
  buffer: Buffer;
}

export interface CheckedImage {
  buffer: Buffer;
  mime: ImageMime;
  ext: string;
}

/**
 * Accepts an image by its content (magic bytes), never by its name or the client's content type:
 * a text file named .png, an SVG (scriptable) or an HTML page is refused (415, spec wording).
 */
export async function checkedImage(file: UploadedImage | undefined): Promise<CheckedImage> {
  if (!file || file.buffer.length === 0) throw new ServiceError('VALIDATION', M.imageMissing);
  const mime = (await fileTypeFromBuffer(file.buffer))?.mime as ImageMime | undefined;
  if (!mime || !(mime in IMAGE_EXTENSIONS)) throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', M.imageInvalid);
  return { buffer: file.buffer, mime, ext: IMAGE_EXTENSIONS[mime] };
}
