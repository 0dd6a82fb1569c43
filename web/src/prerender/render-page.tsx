import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import hash from '@emotion/hash';
import { dehydrate, skipToken, type Query } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { getCurrentUser, type PublicConfig } from '../api/auth';
import { sendApiRequestsThrough } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { App } from '../app/App';
import { createQueryClient } from '../app/query-client';
import { isServerRenderedPage, preloadServerRenderedPages } from '../app/SignedInRoutes';
import type { ClientHints } from '../lib/client-hints';
import { APP_SCRIPTS_ID } from './element-ids';
import { seedQueryCache, stateScript, type PrerenderState } from './state';

/**
 * Server side of the pages the gateway renders (docs/web-performance.md). Built with
 * `vite build --ssr` into dist/.ssr. The signed-out landing and login pages are rendered once per
 * start with the gateway's sign-in options; a signed-in screen is rendered per visit, with the
 * visitor's own data, which the render reads from the API as the visitor.
 */

export { isServerRenderedPage };

// The screens' code is read as the gateway loads this module, not during a visitor's first render.
preloadServerRenderedPages();

/** The signed-out pages worth a first paint without any script. */
export const PRERENDERED_PATHS = ['/', '/login'] as const;

interface ClientBuild {
  /** dist/index.html without the app's entry and its preloads, which would start the whole bundle with the page. */
  documentWithoutApp: string;
  /** The page's loader (boot.ts), which starts the app when the visitor reaches for the page. */
  loaderScript: string;
  /** The scripts a signed-in screen's takeover needs first: the entry's and the shell's, with what they import. */
  signedInScripts: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

let clientBuild: ClientBuild | undefined;

/** What the client build wrote next to this file (dist/.ssr): dist/index.html and its manifest. */
function readClientBuild(): ClientBuild {
  clientBuild ??= (() => {
    const dist = new URL('../', import.meta.url);
    const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<string, ManifestChunk>;
    return {
      documentWithoutApp: readFileSync(new URL('index.html', dist), 'utf8')
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, ''),
      loaderScript: `<script type="module" src="/${manifest['src/prerender/boot.ts'].file}"></script>`,
      signedInScripts: scriptsOf(manifest, ['index.html', 'src/app/SignedInRoutes.tsx']),
    };
  })();
  return clientBuild;
}

/** The files of these manifest entries and of every chunk they import, as paths. */
function scriptsOf(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files].map((file) => `/${file}`);
}

/** The whole HTML document of `path` for a signed-out visitor, under these sign-in options. */
export function renderSignedOutDocument(path: string, config: PublicConfig): string {
  const build = readClientBuild();
  const state: PrerenderState = { config };
  const queryClient = createQueryClient();
  seedQueryCache(queryClient, state);
  const styles = createCache();
  const body = renderToString(
    <StrictMode>
      <StyleProvider cache={styles}>
        <App queryClient={queryClient} prerenderLocation={path} />
      </StyleProvider>
    </StrictMode>,
  );
  return documentWith(build.documentWithoutApp, body, pageStyles(styles), `${stateScript(state)}\n    ${build.loaderScript}`);
}

/** Reads the gateway's API as the visitor whose page is rendered: `GET` of a path and query. */
export type ReadApi = (pathAndQuery: string) => Promise<Response>;

// The API client's calls during a render go through the reader of the render they belong to.
const visitorApi = new AsyncLocalStorage<ReadApi>();
sendApiRequestsThrough((request) => {
  const readApi = visitorApi.getStore();
  if (!readApi || request.method !== 'GET') return Promise.reject(new Error('a server render only reads, as its visitor'));
  const url = new URL(request.url);
  return readApi(url.pathname + url.search);
});

export interface SignedInPageRequest {
  /** The page's path and query. */
  url: string;
  hints: ClientHints;
  readApi: ReadApi;
}

/**
 * A render shows which queries its screen asks and which of its lazy parts it reaches (the shell's,
 * the screen's, then those that wait on their answers); the next render has them. The pages
 * rendered need two to four.
 */
const MAX_RENDERS = 5;

/**
 * The document a signed-in screen is sent in, around its rendered parts: index.html marked for a
 * session, with the page's loader and the list of scripts it fetches while idle instead of the app.
 */
export function signedInDocument(): string {
  const build = readClientBuild();
  const scripts = `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(build.signedInScripts)}</script>`;
  return build.documentWithoutApp
    .replace('<html ', '<html data-session="likely" ')
    .replace('</head>', `  ${scripts}\n    ${build.loaderScript}\n  </head>`);
}

/** A signed-in screen as rendered: antd's styles for it, the markup of #root, the state script. */
export interface SignedInPageParts {
  styles: string;
  root: string;
  state: string;
  /**
   * False when a query failed and the screen shows it loading: the app must start at once and ask
   * again (a notification's link to an item this workspace does not have), not wait for a touch.
   */
  complete: boolean;
}

/**
 * A signed-in screen with the visitor's data, or null when the session turns out not to be signed
 * in. The gateway puts the parts into the page's document (gateway/src/web/signed-in-pages.ts). The
 * page carries the answers it was rendered with, so the browser takes it over as it is (main.tsx)
 * instead of fetching and drawing it again.
 */
export async function renderSignedInPage({ url, hints, readApi }: SignedInPageRequest): Promise<SignedInPageParts | null> {
  const queryClient = createQueryClient();
  // Its answers, and their timers, end with the render.
  const rendering = visitorApi.run(readApi, async () => {
    const user = await queryClient.fetchQuery({ queryKey: queryKeys.auth.user(), queryFn: getCurrentUser, retry: false });
    if (!user) return null;
    // A query whose answer failed is left for the browser to ask again: the page shows it loading.
    const failed = new Set<string>();
    // One style cache for every render of the page: antd's styles are serialised once.
    const styles = createCache();
    const render = () => {
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      return renderToHtml(
        <StrictMode>
          <StyleProvider cache={styles}>
            <App queryClient={queryClient} prerenderLocation={url} hints={hints} />
          </StyleProvider>
        </StrictMode>,
      );
    };
    let body = await render();
    for (let renders = 1; ; renders++) {
      const asked = queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => askedAndUnanswered(query) && !failed.has(query.queryHash) });
      // A lazy part that arrived during the render came as a fallback and a script that swaps it in,
      // which the page's CSP does not run: the next render has its code from the start.
      const settled = asked.length === 0 && !/<template|<script/.test(body);
      if (settled) break;
      if (renders === MAX_RENDERS) {
        const waiting = asked.length > 0 ? asked.map((query) => query.queryHash).join(', ') : 'a lazy part';
        throw new Error(`${url} not settled after ${MAX_RENDERS} renders: ${waiting}`);
      }
      await Promise.all(
        asked.map((query) =>
          queryClient
            .fetchQuery({ ...query.options, queryKey: query.queryKey, retry: false })
            .catch(() => void failed.add(query.queryHash)),
        ),
      );
      body = await render();
    }
    const state: PrerenderState = { queries: dehydrate(queryClient), hints };
    return { styles: pageStyles(styles), root: body, state: stateScript(state), complete: failed.size === 0 };
  });
  return rendering.finally(() => queryClient.clear());
}

/** A query a render asked for that has no answer yet and may be asked now (not switched off). */
function askedAndUnanswered(query: Query): boolean {
  const { queryFn } = query.options;
  // The query keeps the options of the hook that built it, `enabled` among them.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const switchedOn = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return query.state.status === 'pending' && query.state.fetchStatus === 'idle' && switchedOn && !!queryFn && queryFn !== skipToken;
}

/**
 * The markup of `element` once every lazy part of it has loaded (the signed-in screens are lazy).
 * A part that fails to render fails the whole: a page with a hole is no better than the app's shell.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => void (failure ??= error),
    // Every part in place, however large: React would move a large one to the end of the page with
    // a script to swap it in, which the page's CSP does not run (and nothing is streamed here).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * antd's styles of a render, as the browser's style cache will look for them. That cache names the
 * theme's variables `css-var-<key>`, hashed, where a server render names them by their token key
 * (@ant-design/cssinjs 2.1: `useCacheToken`'s effect against its `extract`): the browser did not
 * find them and wrote the same 12 KB again, restyling the whole page while taking it over.
 */
function pageStyles(styles: ReturnType<typeof createCache>): string {
  return extractStyle(styles).replace(
    /(<style[^>]* data-token-hash="([^"]+)") data-css-hash="[^"]+"(>\.\2\{)/g,
    (_, opening: string, key: string, content: string) => `${opening} data-css-hash="${hash(`css-var-${key}`)}"${content}`,
  );
}

/** index.html with the rendered markup in #root, its styles in the head and the state after it. */
function documentWith(indexHtml: string, body: string, styles: string, state: string): string {
  return indexHtml
    .replace('</head>', `${styles}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>\n    ${state}`);
}
