import { IconProvider } from '@ant-design/icons';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { watchWorkspaceChanges } from '../features/workspace/workspace-cache';
import { nameSelectListboxes } from '../lib/select-listbox-names';
import { AppRoutes } from './AppRoutes';
import { themeConfig } from './theme';
import { ThemeModeProvider, useThemeMode } from '../lib/theme-mode';
import { ClientHintsProvider, type ClientHints } from '../lib/client-hints';

// spec §9: one toast at a time, auto-close after 5 s.
const notificationConfig = { maxCount: 1, duration: 5, placement: 'bottomRight' as const };
// The icons' own stylesheet is the `.anticon` rules ConfigProvider already writes (and a server
// render already sent): inserting it again restyled the whole page once more during a takeover.
const iconsStyledByConfigProvider = { prefixCls: 'anticon', zeroRuntime: true };

interface AppProps {
  queryClient: QueryClient;
  /** Rendering a page on the server (docs/web-performance.md): the page's URL. */
  prerenderLocation?: string;
  /** What the server knew of the browser it rendered the page for, from rendering to taking over. */
  hints?: ClientHints;
}

function ThemedApp({ router }: { router: (children: ReactNode) => ReactNode }) {
  const { mode } = useThemeMode();
  return (
    <ConfigProvider theme={themeConfig(mode)}>
      <IconProvider value={iconsStyledByConfigProvider}>
        <AntApp notification={notificationConfig}>{router(<AppRoutes />)}</AntApp>
      </IconProvider>
    </ConfigProvider>
  );
}

export function App({ queryClient, prerenderLocation, hints }: AppProps) {
  // antd gives Select option lists no accessible name; see lib/select-listbox-names.ts.
  useEffect(() => nameSelectListboxes(), []);
  // Every cached answer but the session belongs to one workspace: a switch starts them over.
  useEffect(() => watchWorkspaceChanges(queryClient), [queryClient]);
  const router =
    prerenderLocation === undefined
      ? (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>
      : (children: ReactNode) => <StaticRouter location={prerenderLocation}>{children}</StaticRouter>;
  return (
    <QueryClientProvider client={queryClient}>
      <ClientHintsProvider value={hints ?? null}>
        <ThemeModeProvider>
          <ThemedApp router={router} />
        </ThemeModeProvider>
      </ClientHintsProvider>
    </QueryClientProvider>
  );
}
