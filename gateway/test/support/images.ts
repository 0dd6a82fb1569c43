/** Tiny real images for upload tests (1×1 pixel). */
export const images = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z',
    'base64',
  ),
};

/** A multipart body with one file field, as a browser form would send it. */
export function photoForm(bytes: Buffer, fileName: string, type = 'application/octet-stream'): FormData {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), fileName);
  return form;
}
