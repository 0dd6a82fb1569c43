import express, { type Express, type RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app at / with a fallback to index.html for client-side routes. Paths under
 * /api are left to Nest, so an unknown API route gets a JSON 404, never the app's HTML.
 */
export function serveWebApp(app: Express, distDir: string): void {
  const index = join(distDir, 'index.html');
  // Hashed assets never change under the same name; index.html must always be revalidated.
  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true }));
  app.use(unlessApi(express.static(distDir, { index: false, maxAge: 0 })));
  app.use((req, res, next) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.path);
    if (!isPage) return next();
    if (!existsSync(index)) return void res.status(503).type('text').send('The web app is not built yet: run npm start.');
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

/** API requests skip the file lookup (a `stat` per request) that static serving would cost them. */
const unlessApi =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    isApiPath(req.path) ? next() : handler(req, res, next);

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
