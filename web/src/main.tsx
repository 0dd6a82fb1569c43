import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { readPrerenderState, seedQueryCache } from './prerender/state';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();
const prerendered = readPrerenderState();
if (prerendered) {
  // A signed-out page the gateway rendered ahead of time (docs/web-performance.md): take it over.
  seedQueryCache(queryClient, prerendered);
  hydrateRoot(
    container,
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
