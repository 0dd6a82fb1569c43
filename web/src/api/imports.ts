import type { ImportMapping, ImportMode, ImportPreview, ImportUpload, ImportView } from '@inventory/contracts';
import { http } from './http';

export type { ImportMapping, ImportMode, ImportPreview, ImportUpload, ImportView };

const base = '/api/imports';
const importUrl = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** POST /api/imports, multipart field "file": the file's columns, first rows and a suggested mapping. */
export function uploadImport(file: File): Promise<ImportUpload> {
  return http.upload<ImportUpload>(base, 'file', file);
}

/** A dry run: what the mapping would create, update and refuse. Nothing is written. */
export function previewImport(id: string, body: { mapping: ImportMapping; mode: ImportMode }): Promise<ImportPreview> {
  return http.post<ImportPreview>(`${importUrl(id)}/preview`, body);
}

/** Starts the run in the background (202); its progress arrives on `importEventsUrl`. */
export function commitImport(id: string): Promise<ImportView> {
  return http.post<ImportView>(`${importUrl(id)}/commit`);
}

/** 409 with the reason when items changed after the import. */
export function undoImport(id: string): Promise<ImportView> {
  return http.post<ImportView>(`${importUrl(id)}/undo`);
}

export function getImport(id: string): Promise<ImportView> {
  return http.get<ImportView>(importUrl(id));
}

/** The workspace's imports, newest first. */
export function listImports(): Promise<ImportView[]> {
  return http.get<ImportView[]>(base);
}

/** Server-sent events: the import's view each time it changes, the first at once. */
export const importEventsUrl = (id: string) => `${importUrl(id)}/events`;

/** Every row error of the latest preview or run, as a CSV download. */
export const importErrorsCsvUrl = (id: string) => `${importUrl(id)}/errors.csv`;
