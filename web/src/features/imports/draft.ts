import type { ImportMapping, ImportMode, ImportUpload } from '../../api/imports';

/**
 * The wizard's work before the run starts: the uploaded file's columns and sample (which only the
 * upload answers) and the chosen mapping. Kept in this tab's session storage so a reload or the
 * back button returns to the same step.
 */
export interface ImportDraft {
  /** A switch to another workspace leaves the draft behind: its file belongs to this one. */
  workspaceId: string;
  upload: ImportUpload;
  mapping: ImportMapping;
  mode: ImportMode;
}

const KEY = 'import-wizard:draft';

/** The draft of this workspace, if any. */
export function readDraft(workspaceId: string | undefined, storage: Storage = sessionStorage): ImportDraft | null {
  try {
    const draft = JSON.parse(storage.getItem(KEY) ?? 'null') as ImportDraft | null;
    const valid = typeof draft?.upload?.id === 'string' && Array.isArray(draft.upload.columns);
    return valid && draft.workspaceId === workspaceId ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: ImportDraft | null, storage: Storage = sessionStorage): void {
  try {
    if (draft) storage.setItem(KEY, JSON.stringify(draft));
    else storage.removeItem(KEY);
  } catch {
    // Private mode or storage full: the wizard still works, a reload just starts it over.
  }
}
