import { useMemo, useState } from 'react';
import { useBrowserValue } from './use-browser-value';

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * useState kept in this browser's localStorage under `key`, for view preferences (the inventory's
 * cards or table, its columns). A stored value `accept` refuses (an old version's, edited by hand)
 * gives way to `initial`. A page the server rendered starts from `initial` (the server cannot see
 * the storage), then shows the stored choice.
 */
export function useStoredState<T>(key: string, initial: T, accept: (value: unknown) => value is T) {
  const storedText = useBrowserValue(() => readStored(key), null);
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
  };
  return [(chosen ?? stored ?? { value: initial }).value, store] as const;
}
