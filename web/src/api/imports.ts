import { answer, api, oneFile, type Schemas } from './client';

export type ImportUpload = Schemas['ImportUploadDto'];
export type ImportPreview = Schemas['ImportPreviewDto'];
export type ImportView = Schemas['ImportViewDto'];
export type ImportMapping = Schemas['ImportPreviewBodyDto']['mapping'];
export type ImportMode = Schemas['ImportPreviewBodyDto']['mode'];

const path = (id: string) => ({ params: { path: { id } } });

/** POST /api/imports, multipart field "file": the file's columns, first rows and a suggested mapping. */
export function uploadImport(file: File): Promise<ImportUpload> {
  return answer(api.POST('/api/imports', oneFile('file', file)));
}

/** A dry run: what the mapping would create, update and refuse. Nothing is written. */
export function previewImport(id: string, body: { mapping: ImportMapping; mode: ImportMode }): Promise<ImportPreview> {
  return answer(api.POST('/api/imports/{id}/preview', { ...path(id), body }));
}

/** Starts the run in the background (202); its progress arrives on `importEventsUrl`. */
export function commitImport(id: string): Promise<ImportView> {
  return answer(api.POST('/api/imports/{id}/commit', path(id)));
}

/** 409 with the reason when items changed after the import. */
export function undoImport(id: string): Promise<ImportView> {
  return answer(api.POST('/api/imports/{id}/undo', path(id)));
}

export function getImport(id: string): Promise<ImportView> {
  return answer(api.GET('/api/imports/{id}', path(id)));
}

/** The workspace's imports, newest first. */
export function listImports(): Promise<ImportView[]> {
  return answer(api.GET('/api/imports'));
}

/** Server-sent events: the import's view each time it changes, the first at once. */
export const importEventsUrl = (id: string) => `/api/imports/${encodeURIComponent(id)}/events`;

/** Every row error of the latest preview or run, as a CSV download. */
export const importErrorsCsvUrl = (id: string) => `/api/imports/${encodeURIComponent(id)}/errors.csv`;
export type ImportStatus = ImportView['status'];
export type ImportRowError = Schemas['ImportRowErrorDto'];
