import type { QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '../api/auth';
import { queryKeys } from '../api/query-keys';

/**
 * What a signed-out page rendered ahead of time was rendered with (docs/web-performance.md): the
 * browser takes the page over with the same answers in its cache, so its first render matches.
 */
export interface PrerenderState {
  config: PublicConfig;
}

const STATE_ELEMENT_ID = 'prerender-state';

/** Sent on `document` once the app has taken a page rendered ahead of time over. */
export const APP_HYDRATED_EVENT = 'app:hydrated';

/** The answers the page was rendered with: nobody signed in, these sign-in options. */
export function seedQueryCache(queryClient: QueryClient, state: PrerenderState): void {
  queryClient.setQueryData(queryKeys.auth.user(), null);
  queryClient.setQueryData(queryKeys.config.public(), state.config);
}

/** A JSON script element (never executed, so the CSP allows it); `<` escaped so no text closes it. */
export function stateScript(state: PrerenderState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${STATE_ELEMENT_ID}">${json}</script>`;
}

export function readPrerenderState(): PrerenderState | null {
  const element = document.getElementById(STATE_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PrerenderState) : null;
}
