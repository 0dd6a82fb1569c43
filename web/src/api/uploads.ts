import { HttpError, csrfToken } from './http';

export interface UploadedImage {
  /** Use as the item's imageUrl, e.g. /api/images/<uuid>.png */
  url: string;
}

/** POST /api/upload/image, multipart field "image" (the JSON helper cannot send FormData). */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file);
  const res = await fetch('/api/upload/image', {
    method: 'POST',
    body,
    credentials: 'include',
    headers: { accept: 'application/json', 'x-csrf-token': await csrfToken() },
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, res.statusText, text);
  return JSON.parse(text) as UploadedImage;
}
