import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { watchWorkspaceChanges } from '../features/workspace/workspace-cache';
import { nameSelectListboxes } from '../lib/select-listbox-names';
import { AppRoutes } from './AppRoutes';
import { createQueryClient } from './query-client';
import { themeConfig } from './theme';
import { ThemeModeProvider, useThemeMode } from './theme-mode';

// SPEC 9: one toast at a time, auto-close after 5 s.
const notificationConfig = { maxCount: 1, duration: 5, placement: 'bottomRight' as const };

function ThemedApp() {
  const { mode } = useThemeMode();
  return (
    <ConfigProvider theme={themeConfig(mode)}>
      <AntApp notification={notificationConfig}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  // antd gives Select option lists no accessible name; see lib/select-listbox-names.ts.
  useEffect(() => nameSelectListboxes(), []);
  // Every cached answer but the session belongs to one workspace: a switch starts them over.
  useEffect(() => watchWorkspaceChanges(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <ThemedApp />
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
