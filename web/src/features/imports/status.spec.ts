import { describe, expect, it } from '@jest/globals';
import { hasStarted, isInProgress, progressPercent, resultLine } from './status';

describe('an import’s state', () => {
  it('is in progress while it runs or is being undone', () => {
    expect(isInProgress('running')).toBe(true);
    expect(isInProgress('undoing')).toBe(true);
    expect(isInProgress('done')).toBe(false);
    expect(isInProgress(undefined)).toBe(false);
    expect(hasStarted('previewed')).toBe(false);
    expect(hasStarted('failed')).toBe(true);
  });

  it('shows the share of rows processed, rounded down, and 100 only when all are', () => {
    expect(progressPercent({ status: 'running', processed: 0, total: 1000 })).toBe(0);
    expect(progressPercent({ status: 'running', processed: 999, total: 1000 })).toBe(99);
    expect(progressPercent({ status: 'running', processed: 1000, total: 1000 })).toBe(100);
    expect(progressPercent({ status: 'running', processed: 0, total: 0 })).toBe(0);
    expect(progressPercent({ status: 'done', processed: 0, total: 0 })).toBe(100);
  });

  it('sums up a run in one line, leaving out what it did not do', () => {
    expect(resultLine({ created: 1200, updated: 0, unchanged: 3, skipped: 8 })).toBe('1,200 created · 3 unchanged · 8 skipped');
    expect(resultLine({ created: 0, updated: 0, unchanged: 0, skipped: 0 })).toBe('No rows written');
  });
});
