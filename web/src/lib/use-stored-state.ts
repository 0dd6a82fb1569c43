import { useMemo, useState } from 'react';
import { rememberClientHints, useClientHints } from './client-hints';
import { useBrowserValue } from './use-browser-value';

/**
 * The view choices kept in this browser. Listed, so that the client-hints cookie carries a copy and
 * a page the server renders shows them as this browser will (docs/web-performance.md).
 */
export const STORED_VIEW_KEYS = ['inventory.view', 'inventory.tableColumns', 'inventory.tablePageSize'] as const;
export type StoredViewKey = (typeof STORED_VIEW_KEYS)[number];

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * useState kept in this browser's localStorage under `key`, for view preferences (the inventory's
 * cards or table, its columns). A stored value `accept` refuses (an old version's, edited by hand)
 * gives way to `initial`. A page the server rendered starts from the copy in its hints.
 */
export function useStoredState<T>(key: StoredViewKey, initial: T, accept: (value: unknown) => value is T) {
  const storedText = useBrowserValue(() => readStored(key), useClientHints()?.stored[key] ?? null);
  const stored = useMemo(() => {
    try {
      const value: unknown = JSON.parse(storedText ?? 'null');
      return accept(value) ? { value } : null;
    } catch {
      return null;
    }
    // `accept` is a fixed type guard of the caller's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedText]);
  const [chosen, setChosen] = useState<{ value: T } | null>(null);
  const store = (next: T) => {
    setChosen({ value: next });
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or switched off: the choice holds for this visit only.
    }
    rememberClientHints();
  };
  return [(chosen ?? stored ?? { value: initial }).value, store] as const;
}
