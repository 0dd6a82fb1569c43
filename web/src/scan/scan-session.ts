import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * What a scanning person sets once and keeps while they work: the place they stand at ('here', set
 * by scanning a location label) and the reason their movements carry. Kept for the browser tab's
 * session (sessionStorage), shared by every screen that scans.
 */
export interface HereLocation {
  id: string;
  name: string;
  code: string;
}

export const DEFAULT_SCAN_REASON = 'Scan';
const HERE_KEY = 'scan.here';
const REASON_KEY = 'scan.reason';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode quota): the value lives until the next read only.
  }
  notify();
}

function parseHere(raw: string | null): HereLocation | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<HereLocation>;
    return typeof value.id === 'string' && typeof value.name === 'string'
      ? { id: value.id, name: value.name, code: value.code ?? '' }
      : null;
  } catch {
    return null;
  }
}

export function setHereLocation(here: HereLocation | null): void {
  write(HERE_KEY, here ? JSON.stringify(here) : null);
}

/** The place scanned last in this tab, or null (movements then go to the item's unassigned stock). */
export function useHereLocation(): HereLocation | null {
  // The raw string is the snapshot: stable between renders, parsed after.
  const raw = useSyncExternalStore(subscribe, () => read(HERE_KEY));
  return useMemo(() => parseHere(raw), [raw]);
}

/** The reason the scan sheet's movements carry, remembered for the tab's session. */
export function useScanReason(): [string, (reason: string) => void] {
  const reason = useSyncExternalStore(subscribe, () => read(REASON_KEY)) ?? DEFAULT_SCAN_REASON;
  const setReason = useCallback((value: string) => write(REASON_KEY, value), []);
  return [reason, setReason];
}
