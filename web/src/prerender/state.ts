import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '../api/auth';
import { queryKeys } from '../api/query-keys';
import type { ClientHints } from '../lib/client-hints';
import { PRERENDER_STATE_ID } from './element-ids';

/**
 * What a page the gateway rendered was rendered with (docs/web-performance.md): the browser takes
 * the page over with the same answers in its cache, so its first render matches. A signed-out page
 * was rendered with the sign-in options; a signed-in screen with the visitor's answers and the
 * browser's hints.
 */
export type PrerenderState = { config: PublicConfig } | { queries: DehydratedState; hints: ClientHints };

/** The answers the page was rendered with: the visitor's, or nobody signed in and these sign-in options. */
export function seedQueryCache(queryClient: QueryClient, state: PrerenderState): void {
  if ('queries' in state) return hydrate(queryClient, state.queries);
  queryClient.setQueryData(queryKeys.auth.user(), null);
  queryClient.setQueryData(queryKeys.config.public(), state.config);
}

/** A JSON script element (never executed, so the CSP allows it); `<` escaped so no text closes it. */
export function stateScript(state: PrerenderState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRERENDER_STATE_ID}">${json}</script>`;
}

export function readPrerenderState(): PrerenderState | null {
  const element = document.getElementById(PRERENDER_STATE_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PrerenderState) : null;
}
