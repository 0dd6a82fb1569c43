import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { rememberClientHintsOnResize } from './lib/client-hints';
import { readPrerenderState, seedQueryCache } from './prerender/state';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();
const prerendered = readPrerenderState();
// The gateway marks the page of a visit that carries a session cookie: the signed-in screens' code
// then comes beside the current-user call, not after it (docs/web-performance.md). A stale cookie
// costs one download, never a wrong screen: the answer still decides what is shown.
if (document.documentElement.dataset.session === 'likely')
  void import('./app/SignedInRoutes').then(({ preloadPageAt }) => preloadPageAt(window.location.pathname));
rememberClientHintsOnResize();
if (prerendered) {
  // A page the gateway rendered (docs/web-performance.md): take it over as it is.
  seedQueryCache(queryClient, prerendered);
  // In a transition, React takes the page over in short slices: a tap meanwhile is answered, and a
  // phone's main thread is never held for the whole tree at once.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient} hints={'hints' in prerendered ? prerendered.hints : undefined} />
      </StrictMode>,
    );
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
