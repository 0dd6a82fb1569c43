import type { PublicConfig } from '@inventory/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What a server render knows of the browser (web/src/lib/client-hints.tsx). */
export interface ClientHints {
  width: number;
  timeZone: string;
  theme: 'light' | 'dark';
  notifications: 'default' | 'granted' | 'denied' | null;
  remembered: string[];
  stored: Partial<Record<string, string>>;
}

/** web/src/prerender/render-page.tsx, as built into dist/.ssr. */
export interface ServerRenderer {
  PRERENDERED_PATHS: readonly string[];
  renderSignedOutDocument(path: string, config: PublicConfig): string;
  isServerRenderedPage(pathname: string): boolean;
  signedInDocument(): string;
  renderSignedInPage(request: {
    url: string;
    hints: ClientHints;
    readApi: (pathAndQuery: string) => Promise<Response>;
  }): Promise<{ styles: string; root: string; state: string; complete: boolean } | null>;
}

const renderers = new Map<string, Promise<ServerRenderer | undefined>>();

/**
 * The web app's server renderer (docs/web-performance.md), imported once per build folder, on
 * first use. Undefined without a server build (an older build, a dev setup): the pages are then
 * served as the app's shell.
 */
export function loadServerRenderer(distDir: string): Promise<ServerRenderer | undefined> {
  const entry = join(distDir, '.ssr', 'render-page.js');
  let renderer = renderers.get(entry);
  if (!renderer) {
    renderer = existsSync(entry) ? (import(pathToFileURL(entry).href) as Promise<ServerRenderer>) : Promise.resolve(undefined);
    renderers.set(entry, renderer);
  }
  return renderer;
}
