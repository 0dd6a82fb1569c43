import type { ImportStatus, ImportView } from '../../api/imports';
import { formatCount } from '../../lib/format';

export const STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Not started',
  previewed: 'Not started',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
  undoing: 'Undoing',
  undone: 'Undone',
};

/** antd Tag colours: a run in progress shows the processing style. */
export const STATUS_COLORS: Record<ImportStatus, string> = {
  uploaded: 'default',
  previewed: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  undoing: 'processing',
  undone: 'default',
};

/** A run or its undo is under way: its view keeps changing. */
export const isInProgress = (status: ImportStatus | undefined) => status === 'running' || status === 'undoing';

/** Committed at some point: it has a progress or a summary to show. */
export const hasStarted = (status: ImportStatus) => status !== 'uploaded' && status !== 'previewed';

/** Share of the file's rows processed, 0–100; 100 once the run is done. */
export function progressPercent(view: Pick<ImportView, 'status' | 'processed' | 'total'>): number {
  if (view.status === 'done') return 100;
  if (view.total <= 0) return 0;
  return Math.min(100, Math.floor((view.processed / view.total) * 100));
}

/** One line of what a run did, for the history: '980 created · 12 updated · 8 skipped'. */
export function resultLine(view: Pick<ImportView, 'created' | 'updated' | 'unchanged' | 'skipped'>): string {
  const parts = [
    [view.created, 'created'],
    [view.updated, 'updated'],
    [view.unchanged, 'unchanged'],
    [view.skipped, 'skipped'],
  ] as const;
  const text = parts
    .filter(([count]) => count > 0)
    .map(([count, label]) => `${formatCount(count)} ${label}`)
    .join(' · ');
  return text || 'No rows written';
}
