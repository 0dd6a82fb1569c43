import { useState } from 'react';

/**
 * useState kept in this browser's localStorage under `key`, for view preferences (the inventory's
 * cards or table, its columns). A stored value `accept` refuses (an old version's, edited by hand)
 * gives way to `initial`.
 */
export function useStoredState<T>(key: string, initial: T, accept: (value: unknown) => value is T) {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      return accept(stored) ? stored : initial;
    } catch {
      return initial;
    }
  });
  const store = (next: T) => {
    setValue(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or switched off: the choice holds for this visit only.
    }
  };
  return [value, store] as const;
}
