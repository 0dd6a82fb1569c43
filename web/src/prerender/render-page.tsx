import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { StrictMode } from 'react';
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import type { PublicConfig } from '../api/auth';
import { App } from '../app/App';
import { createQueryClient } from '../app/query-client';
import { seedQueryCache, stateScript, type PrerenderState } from './state';

/**
 * Server side of the signed-out pages rendered ahead of time (docs/web-performance.md). Built with
 * `vite build --ssr` into dist/.ssr; the gateway calls it once per page with its sign-in options.
 */

/** The signed-out pages worth a first paint without any script. */
export const PRERENDERED_PATHS = ['/', '/login'] as const;

/** What the client build wrote next to this file (dist/.ssr): dist/index.html and the loader's file. */
function readClientBuild() {
  const dist = new URL('../', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<string, { file: string }>;
  return { indexHtml: readFileSync(new URL('index.html', dist), 'utf8'), bootScript: manifest['src/prerender/boot.ts'].file };
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
  return (
    build.indexHtml
      // The app's own entry and its preloads would start the whole bundle: the loader does, later.
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace('</head>', `${extractStyle(styles)}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${body}</div>\n    ${stateScript(state)}\n    <script type="module" src="/${build.bootScript}"></script>`,
      )
  );
}
