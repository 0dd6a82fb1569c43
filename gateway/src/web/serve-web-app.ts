import type { PublicConfig } from '@inventory/contracts';
import cookieParser from 'cookie-parser';
import type { Express, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE } from '../auth/session/session.middleware.js';
import { compressedPage, PrerenderedPages, type PrerenderedPage } from './prerendered-pages.js';
import { SignedInPages, STATIC_LOADER } from './signed-in-pages.js';

/**
 * Serves the built web app at / with a fallback to index.html for client-side routes. Paths under
 * /api are left to Nest, so an unknown API route gets a JSON 404, never the app's HTML.
 * The build leaves a .br and a .gz next to each file (web/vite.config.ts): the one the browser
 * accepts is sent as it is. A signed-out visitor's landing and login pages come rendered ahead of
 * time, a signed-in visitor's first screens rendered with their data (docs/web-performance.md).
 */
export function serveWebApp(app: Express, distDir: string, options: { publicConfig: () => PublicConfig }): void {
  const index = join(distDir, 'index.html');
  const precompressed = (root: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) =>
    expressStaticGzip(root, { enableBrotli: true, orderPreference: ['br', 'gz'], index: false, serveStatic });
  // Rendered on the first signed-out visit after a start (about half a second), then kept.
  const prerendered = new PrerenderedPages(distDir, options.publicConfig);
  const signedIn = new SignedInPages(distDir);
  const parseCookies = cookieParser();
  // Hashed assets never change under the same name; pages must always be revalidated.
  app.use('/assets', precompressed(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true }));
  app.use(unlessApi(precompressed(distDir, { maxAge: 0 })));
  const shell = precompressed(distDir, { cacheControl: false });
  // The page of a visit with a session cookie, marked so: the app then fetches the signed-in
  // screens' code beside its current-user call (web/src/main.tsx). Its first screens come rendered
  // with the visitor's data; any other paints "Loading..." from the HTML itself while the app's
  // code arrives (the shell, made on the first such visit).
  let sessionShell: PrerenderedPage | undefined;
  const sendSessionShell = (req: Request, res: Response) => {
    sessionShell ??= compressedPage(
      Buffer.from(
        readFileSync(index, 'utf8')
          .replace('<html ', '<html data-session="likely" ')
          .replace('<div id="root"></div>', `<div id="root">${STATIC_LOADER}</div>`),
      ),
    );
    sendPage(req, res, sessionShell);
  };
  app.use((req, res, next) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.path);
    if (!isPage) return next();
    if (!existsSync(index)) return void res.status(503).type('text').send('The web app is not built yet: run npm start.');
    res.setHeader('Cache-Control', 'no-cache');
    // The next page's request says the window's width and the system's theme, for a visitor the
    // app has not written its hints for yet (clientHintsOf in ./signed-in-pages.ts).
    res.setHeader('Accept-CH', 'Sec-CH-Viewport-Width, Sec-CH-Prefers-Color-Scheme');
    if (hasSessionCookie(req)) {
      // A screen rendered with someone's data is theirs alone.
      res.setHeader('Cache-Control', 'private, no-cache');
      return void signedIn.renders(req.path).then((rendered) => {
        if (!rendered || req.method === 'HEAD') return sendSessionShell(req, res);
        parseCookies(req, res, () => void signedIn.send(req, res).catch(next));
      }, next);
    }
    void (req.originalUrl.includes('?') ? Promise.resolve(undefined) : prerendered.get(req.path)).then((page) => {
      if (page) return sendPage(req, res, page);
      req.url = '/index.html';
      shell(req, res, next);
    }, next);
  });
}

/**
 * A session cookie may mean someone is signed in (the app decides): such a visit gets the marked
 * shell, never a page rendered ahead of time; nor does a query (`?next=`, `?error=`), which changes
 * what the page shows.
 */
const hasSessionCookie = (req: Request): boolean =>
  (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));

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
