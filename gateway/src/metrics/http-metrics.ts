import { httpServerDuration } from '@inventory/platform';
import type { Request, RequestHandler } from 'express';

/**
 * Times every request (http_server_duration_seconds) by its route's pattern, never its path: ids in
 * paths would make a series per item. The web app's files count as one route, and so does every
 * /api path that matched none.
 */
export const timeHttpRequests: RequestHandler = (req, res, next) => {
  const end = httpServerDuration.startTimer();
  res.once('finish', () => end({ method: req.method, route: routeOf(req), status: String(res.statusCode) }));
  next();
};

function routeOf(req: Request): string {
  const pattern = (req.route as { path?: string } | undefined)?.path;
  if (pattern) return `${req.baseUrl}${pattern}`;
  return req.originalUrl.startsWith('/api') ? '/api (no route)' : 'web app';
}
