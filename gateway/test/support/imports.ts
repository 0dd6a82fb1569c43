import type { ImportPreview, ImportUpload, ImportView } from '@inventory/contracts';
import { type ApiClient, json, ok } from './api-client.js';

/** A file as the import dialog sends it: multipart, field `file`. */
export const fileForm = (content: Buffer | string, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return form;
};

export const upload = (c: ApiClient, content: Buffer | string, name = 'stock.csv') =>
  json<ImportUpload>(c.post('/api/imports', fileForm(content, name)));

/** Waits for an import to reach a settled status. */
export async function settled(c: ApiClient, id: string): Promise<ImportView> {
  for (let i = 0; i < 600; i++) {
    const view = await ok<ImportView>(c.get(`/api/imports/${id}`));
    if (['done', 'failed', 'undone'].includes(view.status)) return view;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not settle');
}

/**
 * Uploads, previews and commits a file with the suggested mapping; the finished import. The
 * inventory worker runs it (startInventoryWorker, or the WorkerModule in the test's process).
 */
export async function imported(c: ApiClient, content: string, mode: 'create' | 'upsert' = 'create', name = 'stock.csv') {
  const { body } = await upload(c, content, name);
  await ok<ImportPreview>(c.post(`/api/imports/${body.id}/preview`, { mapping: body.suggestedMapping, mode }));
  await ok<ImportView>(c.post(`/api/imports/${body.id}/commit`), 202);
  return settled(c, body.id);
}
