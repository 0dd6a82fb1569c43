import type { ImportView } from '../../api/imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  commitImport,
  getImport,
  importEventsUrl,
  listImports,
  previewImport,
  undoImport,
  uploadImport,
  type ImportMapping,
  type ImportMode,
} from '../../api/imports';
import { queryKeys } from '../../api/query-keys';
import { useToastMutation } from '../../lib/use-toast-mutation';
import { INVENTORY_READERS } from '../inventory/hooks';
import { isInProgress } from './status';

/** How often a run is polled when its event stream cannot be used. */
export const IMPORT_POLL_MS = 1_000;
const HISTORY_POLL_MS = 3_000;
/** The stream's event that carries the import's view (the other, 'heartbeat', keeps it open). */
const PROGRESS_EVENT = 'progress';

/** The history; refreshed every few seconds while one of its imports runs, so its status moves on. */
export function useImports() {
  return useQuery({
    queryKey: queryKeys.imports.list(),
    queryFn: listImports,
    refetchInterval: (current) => (current.state.data?.some((view) => isInProgress(view.status)) ? HISTORY_POLL_MS : false),
  });
}

/**
 * One import, kept live while it runs or is undone: the server pushes every change as an event;
 * if the stream fails the view is polled every second instead. When a run ends, every reader of
 * items is refreshed (the imported items appear, or leave after an undo).
 */
export function useImport(id: string) {
  const queryClient = useQueryClient();
  const [polling, setPolling] = useState(false);
  const query = useQuery({
    queryKey: queryKeys.imports.detail(id),
    queryFn: () => getImport(id),
    refetchInterval: (current) => (polling && isInProgress(current.state.data?.status) ? IMPORT_POLL_MS : false),
  });
  const status = query.data?.status;
  const live = isInProgress(status);

  useEffect(() => {
    if (!live || polling) return;
    const key = queryKeys.imports.detail(id);
    const source = new EventSource(importEventsUrl(id));
    source.addEventListener(PROGRESS_EVENT, (event: MessageEvent<string>) => {
      queryClient.setQueryData(key, JSON.parse(event.data) as ImportView);
    });
    source.onerror = () => {
      source.close();
      // The server ends the stream after the last change; only a stream lost mid-run needs polling.
      if (isInProgress(queryClient.getQueryData<ImportView>(key)?.status)) setPolling(true);
    };
    return () => source.close();
  }, [id, live, polling, queryClient]);

  const previous = useRef(status);
  useEffect(() => {
    if (isInProgress(previous.current) && !live) {
      for (const queryKey of [...INVENTORY_READERS, queryKeys.imports.list()]) void queryClient.invalidateQueries({ queryKey });
    }
    previous.current = status;
  }, [status, live, queryClient]);

  return query;
}

/** The dry run of a mapping; run again when the mapping or mode changes. */
export function useImportPreview(id: string, mapping: ImportMapping, mode: ImportMode) {
  return useQuery({
    queryKey: queryKeys.imports.preview(id, { mapping, mode }),
    queryFn: () => previewImport(id, { mapping, mode }),
    // A preview of a large file takes seconds: not again for a mere change of window.
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export const useUploadImport = () =>
  useToastMutation({
    mutationFn: (file: File) => uploadImport(file),
    failure: 'Failed to read the file',
    invalidates: [queryKeys.imports.list()],
  });

/** The answer is the running import: seeded into its view so the progress shows at once. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (id: string) => commitImport(id),
    failure: 'Failed to start the import',
    onSuccess: (view) => void queryClient.setQueryData(queryKeys.imports.detail(view.id), view),
    invalidates: [queryKeys.imports.list()],
  });
}

/** A refused undo (409: items changed since) shows the server's sentence. */
export function useUndoImport() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (id: string) => undoImport(id),
    failure: 'Failed to undo the import',
    onSuccess: (view) => void queryClient.setQueryData(queryKeys.imports.detail(view.id), view),
    invalidates: [queryKeys.imports.list()],
  });
}
