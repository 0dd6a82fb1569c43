import { Logger } from '@nestjs/common';
import type { PublicConfig } from '@inventory/contracts';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { loadServerRenderer } from './server-renderer.js';

/** A page's document, compressed once for every visitor. */
export interface PrerenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A page's document with its brotli and gzip forms. */
export const compressedPage = (html: Buffer): PrerenderedPage => ({ html, br: brotliCompressSync(html), gzip: gzipSync(html) });

/**
 * The signed-out landing and login pages as complete HTML (docs/web-performance.md): rendered once,
 * on the first visit after a start, by the web app's own server renderer with this gateway's sign-in options, so a phone
 * paints them without running the app. Without a server build (an older build, a dev setup) the
 * pages are simply not there and the app's shell is served as before.
 */
export class PrerenderedPages {
  private readonly logger = new Logger('PrerenderedPages');
  private pages: Promise<Map<string, PrerenderedPage>> | undefined;

  constructor(
    private readonly distDir: string,
    private readonly publicConfig: () => PublicConfig,
  ) {}

  /** The page of `path`, or undefined when it is not one rendered ahead of time. */
  async get(path: string): Promise<PrerenderedPage | undefined> {
    this.pages ??= this.render().catch((error: unknown) => {
      this.logger.warn(`signed-out pages not rendered ahead of time: ${error instanceof Error ? error.message : String(error)}`);
      return new Map();
    });
    return (await this.pages).get(path);
  }

  private async render(): Promise<Map<string, PrerenderedPage>> {
    const renderer = await loadServerRenderer(this.distDir);
    if (!renderer) return new Map();
    const config = this.publicConfig();
    const pages = new Map<string, PrerenderedPage>();
    for (const path of renderer.PRERENDERED_PATHS) {
      const html = Buffer.from(renderer.renderSignedOutDocument(path, config));
      pages.set(path, compressedPage(html));
    }
    return pages;
  }
}
