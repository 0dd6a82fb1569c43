import type { PublicConfig } from '@inventory/contracts';
import type { Express, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE } from '../auth/session/session.middleware.js';
import { PrerenderedPages, type PrerenderedPage } from './prerendered-pages.js';

/**
 * Serves the built web app at / with a fallback to index.html for client-side routes. Paths under
 * /api are left to Nest, so an unknown API route gets a JSON 404, never the app's HTML.
 * The build leaves a .br and a .gz next to each file (web/vite.config.ts): the one the browser
 * accepts is sent as it is, so nothing is compressed per request. A signed-out visitor's landing
 * and login pages come rendered ahead of time (docs/web-performance.md).
 */
export function serveWebApp(app: Express, distDir: string, options: { publicConfig: () => PublicConfig }): void {
  const index = join(distDir, 'index.html');
  const precompressed = (root: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) =>
    expressStaticGzip(root, { enableBrotli: true, orderPreference: ['br', 'gz'], index: false, serveStatic });
  // Rendered on the first signed-out visit after a start (about half a second), then kept.
  const prerendered = new PrerenderedPages(distDir, options.publicConfig);
  // Hashed assets never change under the same name; pages must always be revalidated.
  app.use('/assets', precompressed(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true }));
  app.use(unlessApi(precompressed(distDir, { maxAge: 0 })));
  const shell = precompressed(distDir, { cacheControl: false });
  app.use((req, res, next) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.path);
    if (!isPage) return next();
    if (!existsSync(index)) return void res.status(503).type('text').send('The web app is not built yet: run npm start.');
    res.setHeader('Cache-Control', 'no-cache');
    void (signedOutWithoutQuery(req) ? prerendered.get(req.path) : Promise.resolve(undefined)).then((page) => {
      if (page) return sendPage(req, res, page);
      req.url = '/index.html';
      shell(req, res, next);
    }, next);
  });
}

/**
 * Only a plain visit is answered ahead of time: a session cookie may mean someone signed in (the
 * app decides), and a query (`?next=`, `?error=`) changes what the page shows.
 */
function signedOutWithoutQuery(req: Request): boolean {
  const hasSession = (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
  return !hasSession && !req.originalUrl.includes('?');
}

function sendPage(req: Request, res: Response, page: PrerenderedPage): void {
  const encoding = req.acceptsEncodings('br', 'gzip');
  res.setHeader('Vary', 'Accept-Encoding');
  res.type('html');
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
  res.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
}

/** API requests skip the file lookup (a `stat` per request) that static serving would cost them. */
const unlessApi =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    isApiPath(req.path) ? next() : handler(req, res, next);

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
