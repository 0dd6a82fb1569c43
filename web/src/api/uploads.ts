import { answer, api, oneFile, type Schemas } from './client';

/** `url` goes in the item's imageUrl, e.g. /api/images/<uuid>.png */
export type UploadedImage = Schemas['UploadedImageDto'];

/** POST /api/upload/image, multipart field "image". */
export function uploadImage(file: File): Promise<UploadedImage> {
  return answer(api.POST('/api/upload/image', oneFile('image', file)));
}
