import { http } from './http';

export interface UploadedImage {
  /** Use as the item's imageUrl, e.g. /api/images/<uuid>.png */
  url: string;
}

/** POST /api/upload/image, multipart field "image". */
export function uploadImage(file: File): Promise<UploadedImage> {
  return http.upload<UploadedImage>('/api/upload/image', 'image', file);
}
