import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { rememberClientHints, useHintedTheme } from './client-hints';

export type ThemeMode = 'light' | 'dark';

const STORAGE_KEY = 'inventory.theme-mode';

interface ThemeModeValue {
  mode: ThemeMode;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/**
 * The visitor's choice (remembered in localStorage), else the system's preference. An external
 * store, so that a page the server rendered (in the theme of its hint, else light,
 * docs/web-performance.md) is taken over as it was rendered and switches right after if need be.
 */
const themeModeStore = (() => {
  const listeners = new Set<() => void>();
  // When storage is blocked (private mode) a choice is still applied for this visit.
  let unsavedChoice: ThemeMode | undefined;
  const notify = () => listeners.forEach((listener) => listener());
  const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)');
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      const system = systemDark();
      system?.addEventListener('change', listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        system?.removeEventListener('change', listener);
        window.removeEventListener('storage', listener);
      };
    },
    get(): ThemeMode {
      if (unsavedChoice) return unsavedChoice;
      try {
        const stored = window.localStorage.getItem(STORAGE_KEY);
        if (stored === 'light' || stored === 'dark') return stored;
      } catch {
        // Storage can be blocked; fall back to the system preference.
      }
      return systemDark()?.matches ? 'dark' : 'light';
    },
    choose(mode: ThemeMode) {
      try {
        window.localStorage.setItem(STORAGE_KEY, mode);
      } catch {
        unsavedChoice = mode;
      }
      notify();
    },
  };
})();

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  // A server render shows the theme this browser showed last (its hint); light when unknown.
  const hinted = useHintedTheme();
  const mode = useSyncExternalStore(themeModeStore.subscribe, themeModeStore.get, () => hinted);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    document.documentElement.dataset.theme = mode;
    rememberClientHints();
  }, [mode]);

  const toggle = useCallback(() => themeModeStore.choose(themeModeStore.get() === 'dark' ? 'light' : 'dark'), []);

  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
